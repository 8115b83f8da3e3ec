// Rows added by other workload files (W8L store with a large state, W11 observation
// invalidation): append them here so that the report, results.json and the CI gate include them.

var extraCountedWorkloads: [CountedWorkload] {
    var list: [CountedWorkload] = []
    // W8L: the state (built outside the counted region) holds `entries` keys; n = dispatches. The
    // baseline copies the whole dictionary per dispatch (ReSwift's shape), so the sizes are small.
    for (entries, dispatches) in [(10_000, (2_000, 200)), (100_000, (500, 50)), (1_000_000, (100, 10))] {
        list.append(CountedWorkload(
            id: "W8L-\(shortSize(entries))", unit: "dispatch", full: dispatches, quick: dispatches,
            expected: w8lExpected, baselineName: "copy",
            baseline: { n in let initial = largeState(entries: entries); return { w8lBaseline(initial, dispatches: n) } },
            toolkit: { n in let source = LargeStateSource(entries: entries); return { w8lToolkit(source, dispatches: n) } },
            openCombine: nil, toolkitAllocationLimit: 0.01,
            note: "[Int: String] of \(shortSize(entries)) entries; baseline: ReSwift's copy-per-dispatch shape; toolkit: in-place `Reducer(mutating:)`"))
    }
    return list
}
