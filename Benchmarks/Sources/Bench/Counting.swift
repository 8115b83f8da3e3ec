import Foundation
import MallocCounter

// Instruction counting. The parent strips the debug info of a copy of this executable (valgrind
// 3.19 cannot read some DWARF 5; symbols stay) and runs, for every workload, column and size,
//   valgrind --tool=callgrind --toggle-collect=*countedRegion* COPY --count ID COLUMN N
// The child builds the column's body (uncounted), runs it once inside `countedRegion` (the only
// function callgrind collects in, inclusively) and prints "ok ALLOCATIONS" or "fail CHECKSUM".
// The parent reads callgrind's "Collected" total and differences the two sizes.

/// The only function whose instructions are collected. Never inlined, so callgrind sees it.
@inline(never)
func countedRegion(_ body: () -> Int) -> Int { body() }

/// The child side of `--count ID COLUMN N`.
func runCountChild(id: String, column: String, n: Int) -> Int32 {
    guard let workload = countedWorkloads.first(where: { $0.id == id }), workload.external == nil,
        let column = CountedColumn(rawValue: column), let make = workload.body(column)
    else {
        FileHandle.standardError.write(Data("bench: no counted cell \(id) \(column)\n".utf8))
        return 2
    }
    let body = make(n)
    let before = mc_allocation_count()
    let checksum = countedRegion(body)
    let allocations = mc_allocation_count() - before
    if checksum == workload.expected(n) {
        print("ok \(allocations)")
    } else {
        print("fail \(checksum)")
    }
    return 0
}

/// One counted cell: instructions and allocations per unit, differenced between the two sizes.
struct CountedCell: Codable, Equatable {
    var instructions: Double
    var allocations: Double
}

/// A counted workload's result: per-unit figures of each column that has a body.
struct CountedResult {
    var workload: CountedWorkload
    var sizes: (Int, Int)
    var cells: [CountedColumn: CountedCell]
    var failures: [String]
}

enum CountingError: Error, CustomStringConvertible {
    case tool(String)
    var description: String {
        switch self {
        case .tool(let text): text
        }
    }
}

/// Runs a tool, returns (status, stdout); its stderr is discarded.
private func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self))
}

/// Finds a tool on PATH.
private func which(_ tool: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return paths.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The counting side: valgrind and a debug-stripped copy of this executable (and of the
/// package's other executables that count cells, `ExternalCells`).
struct Counter {
    var valgrind: String
    var copy: String
    /// Debug-stripped copies of the other executables, by name.
    var externalCopies: [String: String] = [:]

    static func make() throws -> Counter {
        guard let valgrind = which("valgrind") else { throw CountingError.tool("valgrind not found on PATH (apt-get install -y valgrind)") }
        guard let objcopy = which("objcopy") else { throw CountingError.tool("objcopy not found on PATH (binutils)") }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let directory = NSTemporaryDirectory() + "bench-counted-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let copy = directory + "/bench"
        let (status, _) = try run(objcopy, ["--strip-debug", executable, copy])
        guard status == 0 else { throw CountingError.tool("objcopy --strip-debug \(executable) failed (status \(status))") }
        var externalCopies: [String: String] = [:]
        for name in Set(countedWorkloads.compactMap(\.external?.executable)) {
            let path = (executable as NSString).deletingLastPathComponent + "/" + name
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw CountingError.tool("\(path) not found: build the package's products (swift build -c release)")
            }
            let stripped = directory + "/" + name
            let (status, _) = try run(objcopy, ["--strip-debug", path, stripped])
            guard status == 0 else { throw CountingError.tool("objcopy --strip-debug \(path) failed (status \(status))") }
            externalCopies[name] = stripped
        }
        return Counter(valgrind: valgrind, copy: copy, externalCopies: externalCopies)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent)
    }

    /// Instructions collected in `countedRegion` and allocations for one cell at size n.
    func count(_ id: String, _ column: CountedColumn, n: Int) throws -> (instructions: Double, allocations: Double) {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"  // hashing seeds would vary the counts
        let log = (copy as NSString).deletingLastPathComponent + "/valgrind-\(id)-\(column.rawValue)-\(n).log"
        var command = [copy, "--count", id, column.rawValue, String(n)]
        if let external = countedWorkloads.first(where: { $0.id == id })?.external {
            guard let copy = externalCopies[external.executable] else {
                throw CountingError.tool("\(id): no copy of \(external.executable)")
            }
            command = [copy] + external.arguments(column, n) + ["--counted"]
        }
        let (status, out) = try run(valgrind, [
            "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=*countedRegion*",
            "--log-file=\(log)",
        ] + command, environment: environment)
        let err = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: log)
        let fields = out.split(whereSeparator: \.isWhitespace)
        guard status == 0, fields.count == 2 else {
            throw CountingError.tool("\(id) \(column.rawValue) n=\(n): status \(status), output \(out) \(err.suffix(2_000))")
        }
        guard fields[0] == "ok", let allocations = Double(fields[1]) else {
            throw CountingError.tool("\(id) \(column.rawValue) n=\(n): CHECK FAIL (checksum \(fields[1]))")
        }
        // "==123== Collected : 4567890"
        guard let line = err.split(separator: "\n").last(where: { $0.contains("Collected :") }),
            let collected = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
        else { throw CountingError.tool("\(id) \(column.rawValue) n=\(n): no 'Collected' line from callgrind") }
        return (collected, allocations)
    }
}

/// Counts the selected workloads' columns at both sizes and differences them; `jobs` valgrind
/// processes run at a time (the counts do not depend on it).
func runCounting(_ counter: Counter, quick: Bool, filter: [String]?, columns: [CountedColumn], jobs: Int) -> [CountedResult] {
    let workloads = countedWorkloads.filter { isSelected($0.id, by: filter) }
    struct Job {
        var id: String
        var workload: Int
        var column: CountedColumn
        var n: Int
    }
    var list: [Job] = []
    for (index, workload) in workloads.enumerated() {
        let (n1, n2) = workload.sizes(quick: quick)
        for column in columns where workload.body(column) != nil {
            list.append(Job(id: workload.id, workload: index, column: column, n: n1))
            list.append(Job(id: workload.id, workload: index, column: column, n: n2))
        }
    }
    let jobList = list
    let outcomes = Outcomes(count: jobList.count)
    let next = Outcomes.Counter()
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, jobList.count))) { _ in
        while let index = next.take(below: jobList.count) {
            let job = jobList[index]
            outcomes.set(index, Result { try counter.count(job.id, job.column, n: job.n) }.mapError { StringError(text: "\($0)") })
        }
    }
    var results: [CountedResult] = []
    for (index, workload) in workloads.enumerated() {
        let (n1, n2) = workload.sizes(quick: quick)
        let units = Double(workload.units(n1) - workload.units(n2))
        var result = CountedResult(workload: workload, sizes: (n1, n2), cells: [:], failures: [])
        for column in columns where workload.body(column) != nil {
            guard let large = jobList.firstIndex(where: { $0.workload == index && $0.column == column && $0.n == n1 }),
                let small = jobList.lastIndex(where: { $0.workload == index && $0.column == column && $0.n == n2 })
            else { continue }
            switch (outcomes.get(large), outcomes.get(small)) {
            case (.success(let a), .success(let b)):
                let cell = CountedCell(instructions: (a.instructions - b.instructions) / units, allocations: (a.allocations - b.allocations) / units)
                result.cells[column] = cell
                progress("\(workload.id) \(column.rawValue): \(format(cell.instructions)) instructions, \(formatAllocs(cell.allocations)) allocations per \(workload.unit)")
            case (.failure(let error), _), (_, .failure(let error)):
                result.failures.append(error.text)
                progress("\(workload.id) \(column.rawValue): FAILED \(error.text)")
            default:
                result.failures.append("\(workload.id) \(column.rawValue): not counted")
            }
        }
        results.append(result)
    }
    return results
}

/// The counting jobs' outcomes, written by the worker threads.
private final class Outcomes: @unchecked Sendable {
    // @unchecked Sendable: every access goes through `lock`.
    typealias Outcome = Result<(instructions: Double, allocations: Double), StringError>
    private let lock = NSLock()
    private var values: [Outcome?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Outcome) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> Outcome? { lock.withLock { values[index] } }

    /// Hands out job indices to the workers.
    final class Counter: @unchecked Sendable {
        // @unchecked Sendable: every access goes through `lock`.
        private let lock = NSLock()
        private var next = 0
        func take(below count: Int) -> Int? {
            lock.withLock {
                guard next < count else { return nil }
                defer { next += 1 }
                return next
            }
        }
    }
}

/// A failure message as an error.
struct StringError: Error {
    var text: String
}
