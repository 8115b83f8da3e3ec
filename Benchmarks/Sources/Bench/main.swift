// The benchmark suite: ReactiveToolkit and OpenCombine 0.14.0 against a plain-loop baseline, same
// process, release build (../shared/bench/WORKLOADS.md). Writes results.md and results.svg.
// Usage: swift build -c release && ./.build/release/bench [--quick] [--check-allocations] [--output DIR]
import Dispatch
import Foundation

let options = parseCommandLineOrExit()
let sizes = Sizes(quick: options.quick)

switch options.mode {
case .profile(let name):
    runProfile(name)
    exit(0)
case .countW8L(let cell, let entries, let dispatches):
    exit(runW8LCount(cell: cell, entries: entries, dispatches: dispatches))
case .memoryProbe(let key):
    exit(runMemoryProbe(key, sizes: sizes))
case .suite:
    break
}

let started = DispatchTime.now().uptimeNanoseconds
let loadAtStart = MachineInfo.loadAverage()
FileHandle.standardError.write(Data("bench: \(options.quick ? "quick" : "full") run\n".utf8))
let rows = runSuite(sizes)
let memory = options.writeReport ? runMemoryProbes(sizes) : []
let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9

print(workloadTable(rows))
print("\n" + growthTable(rows))

if options.writeReport {
    var machine = MachineInfo.current()
    machine.loadAverage = "\(loadAtStart) at the start, \(machine.loadAverage) at the end"
    let directory = options.outputDirectory ?? defaultResultsDirectory()
    let report = markdownReport(rows: rows, memory: memory, machine: machine, sizes: sizes, seconds: seconds)
    let chart = svgChart(rows: rows, title: "ReactiveToolkit vs OpenCombine vs baseline — \(machine.date)\(options.quick ? " (quick)" : "")")
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try report.write(toFile: directory + "/results.md", atomically: true, encoding: .utf8)
        try chart.write(toFile: directory + "/results.svg", atomically: true, encoding: .utf8)
        print("\nWrote \(directory)/results.md and \(directory)/results.svg")
    } catch {
        FileHandle.standardError.write(Data("bench: cannot write the report into \(directory): \(error)\n".utf8))
        exit(1)
    }
}

var failures: [String] = []
for row in rows {
    if !row.checksPassed { failures.append("\(row.name): checksum mismatch") }
    if options.checkAllocations, let limit = row.toolkitAllocationLimit, let toolkit = row.toolkit.measurement,
        toolkit.allocsPerUnit > limit
    {
        failures.append("\(row.name): \(toolkit.allocsPerUnit) allocations per unit, limit \(limit)")
    }
}
if !failures.isEmpty {
    print("\nBENCHMARK GATE FAILED:")
    failures.forEach { print("- \($0)") }
    exit(1)
}
if options.checkAllocations {
    print("\nAllocation gate passed (\(rows.filter { $0.toolkitAllocationLimit != nil }.count) ReactiveToolkit cells).")
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
