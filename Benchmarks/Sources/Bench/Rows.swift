// The report's data model: one row per workload (and size), three columns.

/// One column of a row.
enum Cell {
    case measured(Measurement)
    /// The workload has a hook that is not implemented yet (returns nil).
    case pending
    /// The library cannot run this workload; the reason goes into the report.
    case notApplicable(String)

    var measurement: Measurement? {
        if case .measured(let measurement) = self { return measurement }
        return nil
    }
}

/// How a scaling series reads its growth: per-unit time (ideal 1×) or total time (ideal = size ratio).
enum GrowthKind {
    case perUnit
    case total
}

/// Rows of one workload at several sizes (W3 observers, W4b observers, W9 iterations).
struct SeriesPoint {
    var series: String
    var parameter: Int
    var kind: GrowthKind
}

struct Row {
    /// Short id shown in the chart ("W1", "W4b 10k").
    var id: String
    var name: String
    /// Number of units the ns figures are divided by.
    var units: Int
    var baselineName: String
    var baseline: Measurement
    var toolkit: Cell
    var openCombine: Cell
    /// Ceiling on ReactiveToolkit allocations per unit enforced by `--check-allocations`.
    var toolkitAllocationLimit: Double?
    var series: SeriesPoint?
    var note: String?
    /// W4b: phase 1 (subscribe) and phase 2 (dispose) ms of one extra run, per column
    /// (baseline, toolkit, OpenCombine).
    var phaseSplit: [[Double]]? = nil
    /// The counted workload this row's times belong to in results.json (default: the id with
    /// spaces as dashes, "W3 10" → "W3-10"); nil when the row has none.
    var key: String? = nil

    var countedID: String { key ?? id.replacingOccurrences(of: " ", with: "-") }

    var checksPassed: Bool {
        baseline.checkPassed && (toolkit.measurement?.checkPassed ?? true)
            && (openCombine.measurement?.checkPassed ?? true)
    }
}

/// Measures a cell whose body may be a pending hook (returns nil): nil on the first call → `.pending`.
func measureHook(_ name: String, units: Int, repetitions: Int, expected: Int, _ body: () -> Int?) -> Cell {
    guard body() != nil else { return .pending }
    return .measured(measure(name, units: units, repetitions: repetitions, expected: expected) { body() ?? Int.min })
}

/// Measures an always-implemented cell.
func measureCell(_ name: String, units: Int, repetitions: Int, expected: Int, _ body: () -> Int) -> Cell {
    .measured(measure(name, units: units, repetitions: repetitions, expected: expected, body))
}
