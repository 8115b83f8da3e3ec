import ReactiveToolkitInspectorCore
import StoreKitLite
import StreamCore

// MARK: W8I: W8 with the store inspector attached (issue 36)
// The W8 store (no middleware, one summing observer) created with a `StoreInspector`: every
// dispatch is recorded (action, outcome, reducer time, state) into its bounded history (10,000
// actions, so the runs are in its steady state: each record pushes out the oldest). The baseline
// column is W8's own toolkit cell, so the ratio is the inspector's cost factor.
// - `W8I-idle`: no browser connected (target ≤ 1.5×);
// - `W8I-dev`: the same store created for development (time travel: one more middleware, the
//   gate, a holding middleware for which the store allocates an `ActionHolder` per action), no
//   browser (reported, not gated);
// - `W8I-browser`: a browser connected: every 10,000 dispatches, what the page asks when the log
//   moves (the status, and the newest 50 rows described), on the dispatching thread so that the
//   count is repeatable (target ≤ 3×). A page asks at most about ten times a second (its long
//   poll wakes every 100 ms), so at W8's rate — millions of dispatches a second — this reads far
//   more often than a real page does.

func w8Inspected(_ n: Int, development: Bool, browser: Bool) -> Int {
    let box = SumBox()
    let reducer = Reducer<Int, Increment> { state, _ in state &+= 1 }
    let inspector = StoreInspector<Int, Increment>(development: development)
    let store = Store(initialState: 0, reducer: reducer, inspector: inspector)
    let subscription = store.observeNext { box.sum &+= $0 }
    let action = Increment()
    let every = opaque(10_000)
    for index in 1...opaque(n) {
        store.dispatch(action)
        if browser, index % every == 0 {
            _ = inspector.status()
            _ = inspector.rows(matching: "", from: max(0, min(index, 10_000) - 50), count: 50)
        }
    }
    subscription.dispose()
    return box.sum
}

var inspectorCountedWorkloads: [CountedWorkload] {
    [("idle", false, false), ("dev", true, false), ("browser", false, true)].map { name, development, browser in
        CountedWorkload(
            id: "W8I-\(name)", unit: "dispatch", full: (200_000, 20_000), quick: (100_000, 10_000),
            expected: { $0 * ($0 + 1) / 2 }, baselineName: "W8",
            baseline: { n in { w8Toolkit(n, middlewares: 0) } },
            toolkit: { n in { w8Inspected(n, development: development, browser: browser) } },
            // A development store's gate is a holding middleware: the store allocates an
            // `ActionHolder` for it per action.
            openCombine: nil, toolkitAllocationLimit: browser ? 0.1 : development ? 1.01 : 0.01,
            note: "W8 with a StoreInspector attached (\(development ? "a development store, " : "")\(browser ? "a page reading status and 50 rows per 10,000 dispatches" : "no browser")); baseline: W8's toolkit cell (Docs/benchmarks/inspector.md)")
    }
}
