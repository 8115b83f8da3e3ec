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
    // W11: an ObservableStore hosting N rows, each read by one tracked reader; one change renames
    // one row (n = changes). Counted in `bench-w11` (it drives the main run loop); its check is
    // exactly one invalidated reader per change. Baseline: a hand-written `@Observable` model.
    // W11-N keeps the rows in an IdentifiedArrayOf (the cell the W11 target applies to);
    // W11-array-N in a plain array (copied and scanned per change). Under valgrind, building
    // 100,000 rows takes about 20 s per run: their quick sizes are smaller.
    for (kind, flags) in [("", [String]()), ("-array", ["--array"])] {
        for rows in [10, 1_000, 100_000] {
            let collection = kind.isEmpty ? "an IdentifiedArrayOf" : "an array"
            list.append(CountedWorkload(
                id: "W11\(kind)-\(shortSize(rows))", unit: "change", full: (40, 20), quick: rows > 1_000 ? (20, 10) : (40, 20),
                expected: { $0 }, baselineName: "model",
                baseline: { _ in { Int.min } }, toolkit: { _ in { Int.min } }, openCombine: nil,
                // measured 16 (IdentifiedArrayOf) and 14 (array) at every size: the dispatch, the
                // host's update, the registrar's
                toolkitAllocationLimit: kind.isEmpty ? 16.01 : 14.01,
                note: "ObservableStore, \(shortSize(rows)) rows in \(collection) with a tracked reader each, one row renamed per change (one reader invalidated); baseline: a hand-written `@Observable` model; counted in bench-w11 (Docs/benchmarks/W11-observable-store.md)",
                external: ExternalCells(executable: "bench-w11") { column, n in
                    ["--rows", String(rows), "--changes", String(n)] + (column == .baseline ? ["--baseline"] : flags)
                }))
        }
    }
    // W8I: W8 with the store inspector attached (InspectorWorkloads.swift).
    list += inspectorCountedWorkloads
    return list
}
