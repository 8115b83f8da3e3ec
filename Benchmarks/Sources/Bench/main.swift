// The benchmark suite: ReactiveToolkit and OpenCombine 0.14.0 against a plain-loop baseline, same
// build (../shared/bench/WORKLOADS.md). The primary figure is instructions per unit counted with
// valgrind callgrind (two sizes, differenced; Counting.swift); time and allocations are secondary.
// Writes results.md, results.svg and results.json. Usage: see `bench --help` and Scripts/bench.sh.
import Dispatch
import Foundation

let options = parseCommandLineOrExit()
let sizes = Sizes(quick: options.quick, filter: options.filter)

switch options.mode {
case .profile(let name):
    runProfile(name)
    exit(0)
case .countW8L(let cell, let entries, let dispatches):
    exit(runW8LCount(cell: cell, entries: entries, dispatches: dispatches))
case .memoryProbe(let key):
    exit(runMemoryProbe(key, sizes: sizes))
case .count(let id, let column, let n):
    exit(runCountChild(id: id, column: column, n: n))
case .suite:
    break
}

// The counted copy is made first, so a rebuild of the executable during a long run cannot change
// what is counted.
var counter: Counter?
if options.countInstructions {
    do {
        counter = try Counter.make()
    } catch {
        FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
        exit(1)
    }
}
let started = DispatchTime.now().uptimeNanoseconds
let loadAtStart = MachineInfo.loadAverage()
FileHandle.standardError.write(Data("bench: \(options.quick ? "quick" : "full") run\n".utf8))
let rows = options.timed ? runSuite(sizes) : []
let memory = options.timed && options.writeReport && options.filter == nil ? runMemoryProbes(sizes, executable: counter?.copy) : []

var failures: [String] = []
var counted: [CountedResult] = []
if let counter {
    FileHandle.standardError.write(Data("bench: counting instructions (valgrind callgrind)\n".utf8))
    counted = runCounting(counter, quick: options.quick, filter: options.filter, columns: options.columns, jobs: options.jobs)
    counter.cleanUp()
    failures += counted.flatMap { $0.failures }
}
let records = resultRecords(counted, rows: rows)
let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9

if !records.isEmpty { print(instructionTable(records)) }
if !rows.isEmpty {
    print("\n" + workloadTable(rows))
    print("\n" + growthTable(rows))
}

if options.writeReport {
    var machine = MachineInfo.current()
    machine.loadAverage = "\(loadAtStart) at the start, \(machine.loadAverage) at the end"
    let directory = options.outputDirectory ?? defaultResultsDirectory()
    let report = markdownReport(records: records, rows: rows, memory: memory, machine: machine, sizes: sizes, seconds: seconds)
    let title = "ReactiveToolkit vs OpenCombine vs baseline — \(machine.date)\(options.quick ? " (quick)" : "")"
    let chart = records.isEmpty
        ? svgChart(groups: chartGroups(rows), title: title, axis: "ns per unit (log scale; median)", unit: "ns")
        : svgChart(groups: chartGroups(records), title: title, axis: "instructions per unit (log scale; valgrind callgrind, differenced)", unit: "")
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try report.write(toFile: directory + "/results.md", atomically: true, encoding: .utf8)
        try chart.write(toFile: directory + "/results.svg", atomically: true, encoding: .utf8)
        try encodeJSON(records).write(toFile: directory + "/results.json", atomically: true, encoding: .utf8)
        print("\nWrote \(directory)/results.md, results.svg and results.json")
    } catch {
        FileHandle.standardError.write(Data("bench: cannot write the report into \(directory): \(error)\n".utf8))
        exit(1)
    }
}

for row in rows {
    if !row.checksPassed { failures.append("\(row.name): checksum mismatch") }
    if options.checkAllocations, let limit = row.toolkitAllocationLimit, let toolkit = row.toolkit.measurement,
        toolkit.allocsPerUnit > limit
    {
        failures.append("\(row.name): \(toolkit.allocsPerUnit) allocations per unit, limit \(limit)")
    }
}
if options.checkAllocations {
    for result in counted {
        if let limit = result.workload.toolkitAllocationLimit, let cell = result.cells[.toolkit], cell.allocations > limit {
            failures.append("\(result.workload.id) (toolkit): \(formatAllocs(cell.allocations)) allocations per \(result.workload.unit), limit \(limit)")
        }
    }
}
if let path = options.instructionReference {
    do {
        let (over, report) = checkInstructions(records, reference: try readInstructionReference(path))
        print("\nInstructions against \(path) (reported; only a rise past +25 % fails):")
        report.forEach { print("  \($0)") }
        failures += over
    } catch {
        failures.append("cannot read the instruction reference \(path): \(error)")
    }
}
if options.checkRatios {
    let (missed, report) = checkRatios(records)
    print("\nRatio gate (toolkit ÷ baseline under target; lead over OpenCombine's column):")
    report.forEach { print("  \($0)") }
    failures += missed
}
if let path = options.writeInstructionReference {
    do {
        try writeInstructionReference(records, to: path, quick: options.quick)
        print("\nWrote the instruction reference \(path)")
    } catch {
        failures.append("cannot write the instruction reference \(path): \(error)")
    }
}
if !failures.isEmpty {
    print("\nBENCHMARK GATE FAILED:")
    failures.forEach { print("- \($0)") }
    exit(1)
}
if options.checkAllocations {
    print("\nAllocation gate passed.")
}
if options.instructionReference != nil {
    print("Instruction report done (\(records.filter { $0.instructions.toolkit != nil }.count) ReactiveToolkit cells; none rose past +25 %).")
}
if options.checkRatios {
    print("Ratio gate passed.")
}

/// `Benchmarks/results` next to this package's sources when they are there, else `./results`.
func defaultResultsDirectory() -> String {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path, isDirectory: &isDirectory) {
        return package.appendingPathComponent("results").path
    }
    return "results"
}
