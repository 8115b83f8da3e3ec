// The workloads whose instructions per unit are counted under valgrind callgrind (the primary
// figure). Each entry runs one column's body once per child process at two sizes; the parent
// differences the counts: (I(N1) − I(N2)) / (units(N1) − units(N2)), so that process start-up,
// one-time metadata instantiation and fixed setup cancel out (see Docs/Benchmarks.md).
//
// To add a row (W8L, W11, …), append a `CountedWorkload` to `countedWorkloads`; the report,
// results.json and the CI gate pick it up by its id.

/// One column's body for size n: `make(n)` runs uncounted setup (e.g. the shuffled order) and
/// returns the closure whose instructions are counted; that closure returns the checksum.
typealias CountedBody = (Int) -> () -> Int

struct CountedWorkload {
    /// The id in results.json and the gate's reference file ("W1", "W9-predicate", "W8L-1M").
    var id: String
    /// What one unit is ("element", "send", "delivered event", …).
    var unit: String
    /// The two sizes (larger first) of a full run and of a quick (CI) run.
    var full: (Int, Int)
    var quick: (Int, Int)
    /// Units in a run of size n (n unless the size counts something else).
    var units: (Int) -> Int = { $0 }
    /// The checksum of a run of size n (computed outside the counted region).
    var expected: (Int) -> Int
    /// "loop", "mini" or "bare": what the baseline column is.
    var baselineName: String
    var baseline: CountedBody
    var toolkit: CountedBody?
    var openCombine: CountedBody?
    /// Ceiling on ReactiveToolkit allocations per unit (differenced like the instructions).
    var toolkitAllocationLimit: Double?
    var note: String?
    /// Set when another executable of this package runs the cells (the bodies here are then
    /// never run): W11 needs the main run loop, which `bench-w11` drives.
    var external: ExternalCells?

    func body(_ column: CountedColumn) -> CountedBody? {
        switch column {
        case .baseline: baseline
        case .toolkit: toolkit
        case .openCombine: openCombine
        }
    }

    func sizes(quick: Bool) -> (Int, Int) { quick ? self.quick : full }
}

/// Cells counted in another executable of this package, next to `bench` in the build directory:
/// `executable ARGUMENTS --counted` under callgrind prints "ok ALLOCATIONS" or "fail VALUE", as
/// `bench --count` does.
struct ExternalCells {
    var executable: String
    /// The arguments for a column (toolkit or baseline) and size n.
    var arguments: (CountedColumn, Int) -> [String]
}

enum CountedColumn: String, CaseIterable, Sendable {
    case toolkit, baseline, openCombine = "opencombine"
}

/// Whether a workload id is selected by `--only` (exact id, or the id's group: "W3" selects
/// "W3-10", "W9" selects "W9-predicate", "W8L" selects "W8L-1M").
func isSelected(_ id: String, by filter: [String]?) -> Bool {
    guard let filter else { return true }
    return filter.contains { id == $0 || id.hasPrefix($0 + "-") }
}

/// Sizes a tenth and a hundredth of WORKLOADS.md's N (quick: a hundredth and a thousandth).
private func tenths(_ n: Int) -> (full: (Int, Int), quick: (Int, Int)) {
    ((n / 10, n / 100), (n / 100, n / 1_000))
}

private func triangle(_ n: Int) -> Int { n * (n - 1) / 2 }

/// Every counted workload, in report order (computed: the entries hold non-Sendable closures).
var countedWorkloads: [CountedWorkload] {
    var list: [CountedWorkload] = []
    let s1 = tenths(1_000_000)
    list.append(CountedWorkload(
        id: "W1", unit: "source element", full: s1.full, quick: s1.quick, expected: w1Expected,
        baselineName: "loop", baseline: { n in { w1Baseline(n) } }, toolkit: { n in { w1Toolkit(n) } },
        openCombine: { n in { w1sOpenCombine(n) } }, toolkitAllocationLimit: 0.001,
        note: "OpenCombine with explicit `Publishers.Map/Filter` (streaming, W1s)"))
    list.append(CountedWorkload(
        id: "W1-opaque", unit: "source element", full: s1.full, quick: s1.quick, expected: w1Expected,
        baselineName: "loop", baseline: { n in { w1Baseline(n) } }, toolkit: { n in { w1ToolkitOpaque(n) } },
        toolkitAllocationLimit: 0.001,
        note: "W1 with the four closures passed through `opaque`, as the baseline's are: the operators' own cost"))
    list.append(CountedWorkload(
        id: "W2", unit: "send", full: s1.full, quick: s1.quick, expected: triangle,
        baselineName: "mini", baseline: { n in { w2Mini(n) } }, toolkit: { n in { w2Toolkit(n) } },
        openCombine: { n in { w2OpenCombine(n) } }, toolkitAllocationLimit: 0.001))
    list.append(CountedWorkload(
        id: "W2-bare", unit: "send", full: s1.full, quick: s1.quick, expected: triangle,
        baselineName: "bare", baseline: { n in { w2Bare(n) } }, toolkit: nil, openCombine: nil,
        note: "the bare baseline only; compare with W2's toolkit cell"))
    for observers in [10, 100, 1_000] {
        // n = sends; units = delivered events. Full: 1M delivered events / 10, quick / 100.
        let sends = 10_000_000 / observers
        list.append(CountedWorkload(
            id: "W3-\(observers)", unit: "delivered event", full: (sends / 10, sends / 100),
            quick: (sends / 100, sends / 1_000), units: { $0 * observers },
            expected: { observers * triangle($0) },
            baselineName: "mini", baseline: { n in { w3Mini(n, observers: observers) } },
            toolkit: { n in { w3Toolkit(n, observers: observers) } },
            openCombine: { n in { w3OpenCombine(n, observers: observers) } },
            toolkitAllocationLimit: 0.001))
    }
    let s4 = tenths(100_000)
    list.append(CountedWorkload(
        id: "W4", unit: "subscribe + dispose pair", full: s4.full, quick: s4.quick, expected: { $0 },
        baselineName: "mini", baseline: { n in { w4Mini(n) } }, toolkit: { n in { w4Toolkit(n) } },
        openCombine: { n in { w4OpenCombine(n) } }, toolkitAllocationLimit: 1.01))
    list.append(CountedWorkload(
        id: "W4b", unit: "observer (subscribe, then shuffled dispose)", full: (10_000, 1_000),
        quick: (10_000, 1_000), expected: { $0 }, baselineName: "mini",
        baseline: { n in let order = shuffledOrder(n); return { w4bMini(n, order: order) } },
        toolkit: { n in let order = shuffledOrder(n); return { w4bToolkit(n, order: order) } },
        openCombine: { n in let order = shuffledOrder(n); return { w4bOpenCombine(n, order: order) } },
        toolkitAllocationLimit: 1.01, note: "differenced between 10k and 1k observers"))
    list.append(CountedWorkload(
        id: "W5", unit: "outer event", full: s4.full, quick: s4.quick, expected: triangle,
        baselineName: "loop", baseline: { n in { w5Baseline(n) } }, toolkit: { n in { w5Toolkit(n) } },
        openCombine: { n in { w5OpenCombine(n) } }, toolkitAllocationLimit: 1.01))
    list.append(CountedWorkload(
        id: "W6", unit: "send", full: s1.full, quick: s1.quick, expected: w6ExpectedClosedForm,
        baselineName: "mini", baseline: { n in { w6Mini(n) } }, toolkit: { n in { w6Toolkit(n) } },
        openCombine: nil, toolkitAllocationLimit: 0.001, note: "OpenCombine 0.14.0 has no combineLatest"))
    list.append(CountedWorkload(
        id: "W7", unit: "delivered event", full: s4.full, quick: s4.quick, units: { $0 * 10 },
        expected: { 10 * triangle($0) }, baselineName: "mini", baseline: { n in { w7Mini(n) } },
        toolkit: { n in { w7Toolkit(n) } }, openCombine: { n in { w7OpenCombine(n) } },
        toolkitAllocationLimit: 0.01, note: "OpenCombine `share()` replays nothing"))
    for middlewares in [0, 3] {
        list.append(CountedWorkload(
            id: "W8-mw\(middlewares)", unit: "dispatch", full: s1.full, quick: s1.quick,
            expected: { $0 * ($0 + 1) / 2 }, baselineName: "loop",
            baseline: { n in { w8Baseline(n, middlewares: middlewares) } },
            toolkit: { n in { w8Toolkit(n, middlewares: middlewares) } },
            openCombine: { n in { w8OpenCombine(n, middlewares: middlewares) } },
            toolkitAllocationLimit: 0.001))
    }
    let s9 = tenths(1_000_000)
    list.append(CountedWorkload(
        id: "W9", unit: "iteration", full: s9.full, quick: s9.quick, expected: { $0 },
        baselineName: "loop", baseline: { n in { w9Baseline(iterations: n) } },
        toolkit: { n in { w9Toolkit(iterations: n) ?? Int.min } },
        openCombine: nil, toolkitAllocationLimit: 0.001,
        note: "`Feedback(reacting:)`; OpenCombine not counted (its loop runs on a queue thread or recurses)"))
    list.append(CountedWorkload(
        id: "W9-predicate", unit: "iteration", full: s9.full, quick: s9.quick, expected: { $0 },
        baselineName: "loop", baseline: { n in { w9Baseline(iterations: n) } },
        toolkit: { n in { w9ToolkitPredicate(iterations: n) } }, openCombine: nil,
        toolkitAllocationLimit: 0.001,  // the target: 0 allocations per iteration
        note: "`Feedback(predicate:effects:)` with `Signal(just:)` per state (ReactiveFeedback's form)"))
    list += extraCountedWorkloads
    return list
}

/// W6's checksum in closed form: from i = 1 on, every send emits (i) + (i − 1).
func w6ExpectedClosedForm(_ n: Int) -> Int {
    n < 2 ? 0 : (n - 1) * (n - 1)
}
