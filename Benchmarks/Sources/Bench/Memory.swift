import Foundation

// W10 memory: peak resident memory of W1, W2, W8 and W9 per column. The peak is a process-wide
// high-water mark, so each cell runs once in a fresh child process (`bench --memory-probe KEY`)
// that reports its resident size before the workload, its peak (VmHWM, reset before the workload)
// and getrusage's ru_maxrss after it.

/// One W10 line: a workload's column, the main-table row its mallocs per unit come from.
struct MemoryProbe {
    var workload: String
    var column: String
    var key: String
    var rowID: String
}

let memoryProbes: [MemoryProbe] = [
    ("W1", "W1", ["baseline", "toolkit", "opencombine"]),
    ("W1s", "W1s", ["opencombine"]),
    ("W2", "W2", ["baseline", "toolkit", "opencombine"]),
    ("W8 mw0", "W8 mw0", ["baseline", "toolkit", "opencombine"]),
    ("W9", "W9 100k", ["baseline", "toolkit", "opencombine"]),
].flatMap { workload, rowID, columns in
    columns.map { MemoryProbe(workload: workload, column: $0, key: "\(workload):\($0)", rowID: rowID) }
}

/// The body a probe key runs once (nil: unknown key); the body returns nil for a pending hook.
func memoryProbeBody(_ key: String, sizes: Sizes) -> (() -> Int?)? {
    let n1 = sizes.n(1_000_000)
    let n9 = sizes.n(100_000)
    switch key {
    case "W1:baseline": return { w1Baseline(n1) }
    case "W1:toolkit": return { w1Toolkit(n1) }
    case "W1:opencombine": return { w1OpenCombine(n1) }
    case "W1s:opencombine": return { w1sOpenCombine(n1) }
    case "W2:baseline": return { w2Mini(n1) }
    case "W2:toolkit": return { w2Toolkit(n1) }
    case "W2:opencombine": return { w2OpenCombine(n1) }
    case "W8 mw0:baseline": return { w8Baseline(n1, middlewares: 0) }
    case "W8 mw0:toolkit": return { w8Toolkit(n1, middlewares: 0) }
    case "W8 mw0:opencombine": return { w8OpenCombine(n1, middlewares: 0) }
    case "W9:baseline": return { w9Baseline(iterations: n9) }
    case "W9:toolkit": return { w9Toolkit(iterations: n9) }
    case "W9:opencombine": return { w9OpenCombineHop(iterations: n9) }
    default: return nil
    }
}

/// Peak resident set size of this process so far, in KiB (Linux reports ru_maxrss in KiB). In a
/// spawned child on Linux it starts at the spawning process's peak (exec carries the old address
/// space's high-water mark into it), which is why the probe also reads VmHWM.
func maxResidentKiB() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss)
}

/// A field of /proc/self/status in KiB ("VmRSS", "VmHWM"); nil where there is none.
func procStatusKiB(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
    return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
}

/// The child side: runs one probe once and prints "rssBefore hwm maxrss" (KiB) or "pending". The
/// high-water mark is reset first (Linux `clear_refs` 5) so the startup peak does not hide the
/// workload's.
func runMemoryProbe(_ key: String, sizes: Sizes) -> Int32 {
    guard let body = memoryProbeBody(key, sizes: sizes) else {
        FileHandle.standardError.write(Data("bench: unknown memory probe \(key)\n".utf8))
        return 2
    }
    _ = procStatusKiB("VmRSS")  // faults in the reading code before the figures are taken
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let rssBefore = procStatusKiB("VmRSS") ?? maxResidentKiB()
    guard body() != nil else {
        print("pending")
        return 0
    }
    let maxrss = maxResidentKiB()
    print("\(rssBefore) \(procStatusKiB("VmHWM") ?? maxrss) \(maxrss)")
    return 0
}

/// Result of one probe as the parent sees it (KiB).
enum MemoryResult {
    case measured(rssBefore: Int, peak: Int, maxrss: Int)
    case pending
    case failed(String)
}

/// The parent side: runs every probe in a child process of this executable (or of `copy`, the
/// counted copy made at the start of the run).
func runMemoryProbes(_ sizes: Sizes, executable copy: String? = nil) -> [(MemoryProbe, MemoryResult)] {
    let executable = copy ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
    return memoryProbes.map { probe in
        progress("W10 memory \(probe.key)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--memory-probe", probe.key] + (sizes.quick ? ["--quick"] : [])
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return (probe, .failed("could not start: \(error)"))
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace)
        if process.terminationStatus != 0 { return (probe, .failed("exit status \(process.terminationStatus)")) }
        if fields == ["pending"] { return (probe, .pending) }
        let numbers = fields.compactMap { Int($0) }
        guard numbers.count == 3 else { return (probe, .failed("unexpected output \(output)")) }
        return (probe, .measured(rssBefore: numbers[0], peak: numbers[1], maxrss: numbers[2]))
    }
}
