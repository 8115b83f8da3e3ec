import Foundation

// The workload table: every row of ../shared/bench/WORKLOADS.md with its sizes, checksums and
// the ReactiveToolkit allocation ceilings that `--check-allocations` enforces. The ceilings are
// per unit and hold at both sizes: measured in quick mode (where setup allocations weigh ten
// times more) with margin, and far below one allocation per event where the workload allocates
// nothing per event (a per-event allocation would show as ≥ 0.1 per unit in W7, ≥ 0.001 in W3
// at 1_000 observers, ≥ 1 elsewhere).

/// Sizes of a run: the full sizes of WORKLOADS.md, or a tenth of them in quick mode.
struct Sizes {
    var quick: Bool
    /// `--only`: the workload ids (or groups) to run; nil = all.
    var filter: [String]? = nil
    /// Whether workload `id` (a counted id: "W3-10", "W9-predicate") is selected.
    func wants(_ id: String) -> Bool { isSelected(id, by: filter) }
    var repetitions: Int { quick ? 3 : 5 }
    /// A full-size N scaled for the mode.
    func n(_ full: Int) -> Int { quick ? full / 10 : full }
}

/// Formats a size as "10k", "1M".
func shortSize(_ n: Int) -> String {
    if n >= 1_000_000, n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
    if n >= 1_000, n % 1_000 == 0 { return "\(n / 1_000)k" }
    return String(n)
}

func progress(_ text: String) {
    FileHandle.standardError.write(Data("  \(text)\n".utf8))
}

/// Runs every workload and returns the rows in table order.
func runSuite(_ sizes: Sizes) -> [Row] {
    let reps = sizes.repetitions
    var rows: [Row] = []
    func add(_ row: Row) {
        rows.append(row)
        progress("\(row.name) done")
    }

    // W1 chain, W1s streaming chain.
    if sizes.wants("W1") {
        let n1 = sizes.n(1_000_000)
        let e1 = w1Expected(n1)
        let w1Base = measure("baseline", units: n1, repetitions: reps, expected: e1) { w1Baseline(n1) }
        let w1Tk = measureCell("toolkit", units: n1, repetitions: reps, expected: e1) { w1Toolkit(n1) }
        add(Row(id: "W1", name: "W1 chain (per element)", units: n1, baselineName: "loop", baseline: w1Base,
                toolkit: w1Tk,
                openCombine: measureCell("opencombine", units: n1, repetitions: reps, expected: e1) { w1OpenCombine(n1) },
                toolkitAllocationLimit: 0.001,
                note: "OpenCombine: `Publishers.Sequence.map/filter` are eager overloads that build arrays"))
        add(Row(id: "W1s", name: "W1s chain, streaming operator structs (per element)", units: n1, baselineName: "loop",
                baseline: w1Base, toolkit: w1Tk,
                openCombine: measureCell("opencombine", units: n1, repetitions: reps, expected: e1) { w1sOpenCombine(n1) },
                note: "same baseline and toolkit cells as W1; OpenCombine with explicit `Publishers.Map/Filter`"))
    }

    // W2 subject.
    if sizes.wants("W2") {
        let n2 = sizes.n(1_000_000)
        let tri2 = n2 * (n2 - 1) / 2
        let w2Tk = measureCell("toolkit", units: n2, repetitions: reps, expected: tri2) { w2Toolkit(n2) }
        let w2Oc = measureCell("opencombine", units: n2, repetitions: reps, expected: tri2) { w2OpenCombine(n2) }
        add(Row(id: "W2", name: "W2 subject send, 1 observer (vs mini)", units: n2, baselineName: "mini",
                baseline: measure("mini", units: n2, repetitions: reps, expected: tri2) { w2Mini(n2) },
                toolkit: w2Tk, openCombine: w2Oc, toolkitAllocationLimit: 0.001))
        add(Row(id: "W2 bare", name: "W2 subject send, 1 observer (vs bare)", units: n2, baselineName: "bare",
                baseline: measure("bare", units: n2, repetitions: reps, expected: tri2) { w2Bare(n2) },
                toolkit: w2Tk, openCombine: w2Oc, note: "same toolkit and OpenCombine cells as W2 (vs mini)"))
    }

    // W3 fanout: 10 / 100 / 1_000 observers, the same number of delivered events each.
    if sizes.wants("W3") {
        let delivered3 = sizes.n(10_000_000)
        for observers in [10, 100, 1_000] {
            let sends = delivered3 / observers
            let e3 = observers * (sends * (sends - 1) / 2)
            add(Row(id: "W3 \(observers)", name: "W3 fanout \(observers) observers (per delivered event)",
                    units: delivered3, baselineName: "mini",
                    baseline: measure("mini", units: delivered3, repetitions: reps, expected: e3) { w3Mini(sends, observers: observers) },
                    toolkit: measureCell("toolkit", units: delivered3, repetitions: reps, expected: e3) { w3Toolkit(sends, observers: observers) },
                    openCombine: measureCell("opencombine", units: delivered3, repetitions: reps, expected: e3) { w3OpenCombine(sends, observers: observers) },
                    toolkitAllocationLimit: observers == 1_000 ? 0.005 : 0.001,
                    series: SeriesPoint(series: "W3", parameter: observers, kind: .perUnit),
                    note: "\(shortSize(sends)) sends × \(observers) observers"))
        }
    }

    // W4 churn.
    if sizes.wants("W4") {
        let n4 = sizes.n(100_000)
        add(Row(id: "W4", name: "W4 observe + dispose (per pair)", units: n4, baselineName: "mini",
                baseline: measure("mini", units: n4, repetitions: reps, expected: n4) { w4Mini(n4) },
                toolkit: measureCell("toolkit", units: n4, repetitions: reps, expected: n4) { w4Toolkit(n4) },
                openCombine: measureCell("opencombine", units: n4, repetitions: reps, expected: n4) { w4OpenCombine(n4) },
                // One allocation per pair (the observer's node; its closure is the caller's), with
                // room for the subject's own setup in quick mode.
                toolkitAllocationLimit: 1.5))
    }

    // W4b mass dispose at two sizes.
    if sizes.wants("W4b") {
        for full in [10_000, 100_000] {
            let n = sizes.n(full)
            let order = shuffledOrder(n)
            add(Row(id: "W4b \(shortSize(n))", name: "W4b \(shortSize(n)) observers, shuffled dispose (per observer)",
                    units: n, baselineName: "mini",
                    baseline: measure("mini", units: n, repetitions: reps, expected: n) { w4bMini(n, order: order) },
                    toolkit: measureCell("toolkit", units: n, repetitions: reps, expected: n) { w4bToolkit(n, order: order) },
                    openCombine: measureCell("opencombine", units: n, repetitions: reps, expected: n) { w4bOpenCombine(n, order: order) },
                    // One allocation per observer (its node), with room for setup in quick mode.
                    toolkitAllocationLimit: 1.5,
                    series: SeriesPoint(series: "W4b", parameter: n, kind: .total),
                    phaseSplit: [
                        PhaseClock.phases { w4bMini(n, order: order, clock: $0) },
                        PhaseClock.phases { w4bToolkit(n, order: order, clock: $0) },
                        PhaseClock.phases { w4bOpenCombine(n, order: order, clock: $0) },
                    ],
                    key: full == 10_000 ? "W4b" : nil))
        }
    }

    // W5 flatMapLatest / switchToLatest.
    if sizes.wants("W5") {
        let n5 = sizes.n(100_000)
        let tri5 = n5 * (n5 - 1) / 2
        add(Row(id: "W5", name: "W5 flatMapLatest → just (per outer event)", units: n5, baselineName: "loop",
                baseline: measure("baseline", units: n5, repetitions: reps, expected: tri5) { w5Baseline(n5) },
                toolkit: measureCell("toolkit", units: n5, repetitions: reps, expected: tri5) { w5Toolkit(n5) },
                openCombine: measureCell("opencombine", units: n5, repetitions: reps, expected: tri5) { w5OpenCombine(n5) },
                toolkitAllocationLimit: 1.01, note: "OpenCombine: `map { Just($0) }.switchToLatest()`"))
    }

    // W6 combineLatest.
    if sizes.wants("W6") {
        let n6 = sizes.n(1_000_000)
        add(Row(id: "W6", name: "W6 combineLatest (per send)", units: n6, baselineName: "mini",
                baseline: measure("mini", units: n6, repetitions: reps, expected: w6Expected(n6)) { w6Mini(n6) },
                toolkit: measureCell("toolkit", units: n6, repetitions: reps, expected: w6Expected(n6)) { w6Toolkit(n6) },
                openCombine: .notApplicable("OpenCombine 0.14.0 has no combineLatest operator"),
                toolkitAllocationLimit: 0.001))
    }

    // W7 share.
    if sizes.wants("W7") {
        let n7 = sizes.n(100_000)
        let e7 = 10 * (n7 * (n7 - 1) / 2)
        add(Row(id: "W7", name: "W7 share, 10 observers (per delivered event)", units: n7 * 10, baselineName: "mini",
                baseline: measure("mini", units: n7 * 10, repetitions: reps, expected: e7) { w7Mini(n7) },
                toolkit: measureCell("toolkit", units: n7 * 10, repetitions: reps, expected: e7) { w7Toolkit(n7) },
                openCombine: measureCell("opencombine", units: n7 * 10, repetitions: reps, expected: e7) { w7OpenCombine(n7) },
                toolkitAllocationLimit: 0.01,
                note: "toolkit `share(limit: 1)`; OpenCombine `share()` replays nothing (multicast + autoconnect)"))
    }

    // W8 store dispatch.
    if sizes.wants("W8") {
        let n8 = sizes.n(1_000_000)
        let e8 = n8 * (n8 + 1) / 2
        for middlewares in [0, 3] {
            add(Row(id: "W8 mw\(middlewares)", name: "W8 store dispatch, \(middlewares) middlewares (per dispatch)",
                    units: n8, baselineName: "loop",
                    baseline: measure("baseline", units: n8, repetitions: reps, expected: e8) { w8Baseline(n8, middlewares: middlewares) },
                    toolkit: measureCell("toolkit", units: n8, repetitions: reps, expected: e8) { w8Toolkit(n8, middlewares: middlewares) },
                    openCombine: measureCell("opencombine", units: n8, repetitions: reps, expected: e8) { w8OpenCombine(n8, middlewares: middlewares) },
                    toolkitAllocationLimit: 0.001,
                    note: "OpenCombine: a CurrentValueSubject store, direct reduce + send, closure middlewares"))
        }
    }

    if sizes.wants("W8L") { rows += runLargeStoreRows(sizes) }
    rows += runLoopRows(sizes)
    return rows
}

/// W9 at 100_000 and 1_000_000 iterations, and the synchronous OpenCombine probe.
func runLoopRows(_ sizes: Sizes) -> [Row] {
    let reps = sizes.repetitions
    var rows: [Row] = []
    for full in [100_000, 1_000_000] where sizes.wants("W9") {
        let n = sizes.n(full)
        rows.append(Row(
            id: "W9 \(shortSize(n))", name: "W9 feedback loop, \(shortSize(n)) iterations (per iteration)",
            units: n, baselineName: "loop",
            baseline: measure("baseline", units: n, repetitions: reps, expected: n) { w9Baseline(iterations: n) },
            toolkit: measureHook("toolkit", units: n, repetitions: reps, expected: n) { w9Toolkit(iterations: n) },
            openCombine: measureCell("opencombine", units: n, repetitions: reps, expected: n) { w9OpenCombineHop(iterations: n) },
            // The loop allocates only when it starts (about 23 objects): 0.0023 per unit at 10k.
            toolkitAllocationLimit: 0.005,
            series: SeriesPoint(series: "W9", parameter: n, kind: .perUnit),
            note: "ReactiveToolkit: `Feedback(reacting:)`, synchronous, one stack frame for all iterations; OpenCombine: `receive(on:)` hop to a serial DispatchQueue per iteration",
            key: full == 100_000 ? "W9" : nil))
        progress("\(rows[rows.count - 1].name) done")
    }
    let nPredicate = sizes.n(100_000)
    if sizes.wants("W9-predicate") { rows.append(Row(
        id: "W9 predicate \(shortSize(nPredicate))",
        name: "W9 feedback loop, predicate + one-element effect, \(shortSize(nPredicate)) iterations (per iteration)",
        units: nPredicate, baselineName: "loop",
        baseline: measure("baseline", units: nPredicate, repetitions: reps, expected: nPredicate) { w9Baseline(iterations: nPredicate) },
        toolkit: measureCell("toolkit", units: nPredicate, repetitions: reps, expected: nPredicate) {
            w9ToolkitPredicate(iterations: nPredicate)
        },
        openCombine: measureCell("opencombine", units: nPredicate, repetitions: reps, expected: nPredicate) {
            w9OpenCombineHop(iterations: nPredicate)
        },
        toolkitAllocationLimit: 0.005,  // the target is 0 per iteration (the loop's start allocates)
        note: "ReactiveToolkit: `Feedback(predicate:effects:)` with `Signal(just:)` per state, ReactiveFeedback's benchmark shape, synchronous; OpenCombine as in W9",
        key: "W9-predicate"))
    progress("\(rows[rows.count - 1].name) done") }
    let nSync = w9SyncSize
    guard sizes.wants("W9-sync") else { return rows }
    rows.append(Row(
        id: "W9 sync \(shortSize(nSync))", name: "W9 feedback loop, synchronous, \(shortSize(nSync)) iterations (per iteration)",
        units: nSync, baselineName: "loop",
        baseline: measure("baseline", units: nSync, repetitions: reps, expected: nSync) { w9Baseline(iterations: nSync) },
        toolkit: measureHook("toolkit", units: nSync, repetitions: reps, expected: nSync) { w9Toolkit(iterations: nSync) },
        openCombine: measureCell("opencombine", units: nSync, repetitions: reps, expected: nSync) { w9OpenCombineSync(iterations: nSync) },
        note: "OpenCombine without a scheduler hop: the loop recurses once per iteration (about 2 KiB of stack each; on the 8 MiB main stack 3,600 iterations ran, 4,000 crashed), so it is measured at \(shortSize(nSync))"))
    progress("\(rows[rows.count - 1].name) done")
    return rows
}
