// Quick benchmark: ReactiveToolkit against a plain-loop baseline, same process, release build.
// Usage: swift run -c release bench
import Foundation
let n1 = 1_000_000
if CommandLine.arguments.contains("--profile-w1") {
    var total = 0
    for _ in 0..<20 { total &+= w1Toolkit(1_000_000) }
    print(total)
    exit(0)
}
if CommandLine.arguments.contains("--profile-w2") {
    print(w2Toolkit(3_000_000))
    exit(0)
}
if CommandLine.arguments.contains("--profile-w4b") {
    let order = shuffledOrder(10_000)
    var total = 0
    for _ in 0..<30 { total &+= w4bToolkit(10_000, order: order) }
    print(total)
    exit(0)
}
if CommandLine.arguments.contains("--profile-w8") {
    print(w8Toolkit(3_000_000, middlewares: 3))
    exit(0)
}
if CommandLine.arguments.contains("--profile-w4") {
    print(w4Toolkit(1_000_000))
    exit(0)
}
var rows: [(String, Measurement, Measurement)] = []

/// Allocation ceilings per unit that CI enforces (allocation counts are machine-independent).
var allocationLimits: [String: Double] = [:]

@MainActor func row(_ name: String, _ baseline: Measurement, _ toolkit: Measurement, maxAllocs: Double? = nil) {
    rows.append((name, baseline, toolkit))
    if let maxAllocs { allocationLimits[name] = maxAllocs }
}

let quick = CommandLine.arguments.contains("--quick")
let checkAllocations = CommandLine.arguments.contains("--check-allocations")
let reps = quick ? 3 : 5

row("W1 chain (per element)",
    measure("baseline", units: n1, repetitions: reps, expected: w1Expected(n1)) { w1Baseline(n1) },
    measure("toolkit", units: n1, repetitions: reps, expected: w1Expected(n1)) { w1Toolkit(n1) }, maxAllocs: 0.001)
let tri = n1 * (n1 - 1) / 2
row("W2 subject send, 1 observer (vs mini)",
    measure("mini", units: n1, repetitions: reps, expected: tri) { w2Mini(n1) },
    measure("toolkit", units: n1, repetitions: reps, expected: tri) { w2Toolkit(n1) }, maxAllocs: 0.001)
row("W2 subject send, 1 observer (vs bare)",
    measure("bare", units: n1, repetitions: reps, expected: tri) { w2Bare(n1) },
    measure("toolkit", units: n1, repetitions: reps, expected: tri) { w2Toolkit(n1) })
let n3 = 100_000
row("W3 fanout 100 (per delivered event)",
    measure("mini", units: n3 * 100, repetitions: reps, expected: 100 * (n3 * (n3 - 1) / 2)) { w3Mini(n3, observers: 100) },
    measure("toolkit", units: n3 * 100, repetitions: reps, expected: 100 * (n3 * (n3 - 1) / 2)) { w3Toolkit(n3, observers: 100) }, maxAllocs: 0.001)
let n4 = 100_000
row("W4 observe + dispose",
    measure("mini", units: n4, repetitions: reps, expected: n4) { w4Mini(n4) },
    measure("toolkit", units: n4, repetitions: reps, expected: n4) { w4Toolkit(n4) }, maxAllocs: 3)
for n in [10_000, 100_000] {
    let order = shuffledOrder(n)
    row("W4b \(n) observers, shuffled dispose (per observer)",
        measure("mini", units: n, repetitions: reps, expected: n) { w4bMini(n, order: order) },
        measure("toolkit", units: n, repetitions: reps, expected: n) { w4bToolkit(n, order: order) }, maxAllocs: 3)
}
let n5 = 100_000
row("W5 flatMapLatest → just (per outer event)",
    measure("baseline", units: n5, repetitions: reps, expected: n5 * (n5 - 1) / 2) { w5Baseline(n5) },
    measure("toolkit", units: n5, repetitions: reps, expected: n5 * (n5 - 1) / 2) { w5Toolkit(n5) }, maxAllocs: 2.01)
let n6 = 1_000_000
row("W6 combineLatest (per send)",
    measure("mini", units: n6, repetitions: reps, expected: w6Expected(n6)) { w6Mini(n6) },
    measure("toolkit", units: n6, repetitions: reps, expected: w6Expected(n6)) { w6Toolkit(n6) }, maxAllocs: 0.001)
let n7 = 100_000
row("W7 share(limit: 1), 10 observers (per delivered event)",
    measure("mini", units: n7 * 10, repetitions: reps, expected: 10 * (n7 * (n7 - 1) / 2)) { w7Mini(n7) },
    measure("toolkit", units: n7 * 10, repetitions: reps, expected: 10 * (n7 * (n7 - 1) / 2)) { w7Toolkit(n7) }, maxAllocs: 0.001)
let n8 = 1_000_000
for middlewares in [0, 3] {
    row("W8 store dispatch, \(middlewares) middlewares (per dispatch)",
        measure("baseline", units: n8, repetitions: reps, expected: n8 * (n8 + 1) / 2) { w8Baseline(n8, middlewares: middlewares) },
        measure("toolkit", units: n8, repetitions: reps, expected: n8 * (n8 + 1) / 2) { w8Toolkit(n8, middlewares: middlewares) },
        maxAllocs: 0.001)
}

func format(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String(Double(Int(value * 10)) / 10)
}

print("| workload | baseline ns | toolkit ns (min–max) | toolkit / baseline | baseline allocs | toolkit allocs | check |")
print("|---|---|---|---|---|---|---|")
for (name, base, tk) in rows {
    let ratio = tk.nsPerUnit / max(base.nsPerUnit, 0.001)
    let check = base.checkPassed && tk.checkPassed ? "ok" : "CHECK FAIL"
    print("| \(name) | \(format(base.nsPerUnit)) | \(format(tk.nsPerUnit)) (\(format(tk.minNs))–\(format(tk.maxNs))) | \(format(ratio))× | \(format(base.allocsPerUnit)) | \(format(tk.allocsPerUnit)) | \(check) |")
}

var failures: [String] = []
for (name, base, tk) in rows {
    if !(base.checkPassed && tk.checkPassed) { failures.append("\(name): checksum mismatch") }
    if checkAllocations, let limit = allocationLimits[name], tk.allocsPerUnit > limit {
        failures.append("\(name): \(tk.allocsPerUnit) allocations per unit, limit \(limit)")
    }
}
if !failures.isEmpty {
    print("\nBENCHMARK GATE FAILED:")
    failures.forEach { print("- \($0)") }
    exit(1)
}
if checkAllocations { print("\nAllocation gate passed (\(allocationLimits.count) workloads).") }
