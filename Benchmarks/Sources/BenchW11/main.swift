// W11: an ObservableStore hosting N rows, each row read by one tracked reader (a child host per
// row, as a SwiftUI list does); each change renames one row. Measures the readers invalidated
// per change (must be exactly 1) and the cost per change.
//
// Two cells: the rows in an `IdentifiedArrayOf<Row>` (the default; the cell W11's target applies
// to: no copy of the rows per change, changed rows known from the change) and in a plain array
// (`--array`: the store copies the array when a row changes while the host shows the previous
// state, and the host scans it for the changed rows).
//
// The harness is synchronous (no top-level `await`: valgrind 3.19 stops with signal 11 in the
// async main's `rt_sigsuspend`): the main thread sends with the fire-and-forget `send(_:)` (the
// store reduces on the calling thread and, the main thread being the main actor's, the host
// shows the new state before `send` returns), then runs the main run loop until the host has
// shown the change (in case the state came through a main-actor task instead).
//
//   bench-w11                                   table: 10, 1,000, 10,000, 100,000 rows (wall time)
//   bench-w11 --rows N --changes K [--array | --baseline]
//                                               one cell, for callgrind: the changes run inside
//                                               `countedRegion` (--toggle-collect=*countedRegion*)
//   ... --counted                               the same, printing "ok ALLOCATIONS" (allocations
//                                               inside the region) or "fail INVALIDATIONS": the
//                                               child protocol of `bench --count`, which counts
//                                               the W11 rows of the suite's report with it
//
// `--baseline` runs the same rows and readers on a hand-written `@Observable` model (a class per
// row, the list holding them), mutated directly on the main actor: what an app without a store
// pays. Scripts/bench-w11.sh counts all three and prints instructions per change and the ratios.
import Foundation
import MallocCounter
import Observation
import StoreKitLite
import Synchronization

struct Row: Identifiable, Sendable, Equatable {
    let id: Int
    var title: String
}

/// The rows in an `IdentifiedArrayOf` (the cell W11's target applies to).
struct Rows: Sendable, Equatable {
    var items: IdentifiedArrayOf<Row>
    var unrelated = 0
}

/// The rows in a plain array (`--array`): the store copies it when a row changes while the host
/// shows the previous state, and the host scans it for the changed rows.
struct ArrayRows: Sendable, Equatable {
    var items: [Row]
    var unrelated = 0
}

enum RowAction: Sendable { case rename(String) }
enum RowsAction: Sendable { case row(Int, RowAction) }

let reducer = Reducer<Rows, RowsAction>(mutating: { rows, action in
    switch action {
    case .row(let id, .rename(let title)):
        rows.items[id: id]?.title = title
    }
})

let arrayReducer = Reducer<ArrayRows, RowsAction>(mutating: { rows, action in
    switch action {
    case .row(let id, .rename(let title)):
        // Rows are stored in id order: the update itself is O(1).
        if rows.items.indices.contains(id) { rows.items[id].title = title }
    }
})

/// The baseline: a hand-written observable model, one class per row.
@Observable
@MainActor
final class RowModel {
    let id: Int
    var title: String
    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

@Observable
@MainActor
final class RowsModel {
    var items: [RowModel]
    init(items: [RowModel]) { self.items = items }
}

final class Counter: Sendable {
    let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
}

/// The id of the row the `change`th change renames (spread over the rows).
func rowID(_ change: Int, _ count: Int) -> Int { (change &* 7_919) % count }

/// The changes, as one function callgrind collects in (never inlined, so callgrind sees it).
@inline(never)
@MainActor
func countedRegion(_ changes: Int, _ body: (Int) -> Void) {
    for change in 0..<changes { body(change) }
}

/// Wall time of the changes, in nanoseconds (for the table only; the figure is instructions).
nonisolated(unsafe) var changesTime = 0.0  // main thread only
/// Heap allocations made during the changes (for `--counted`).
nonisolated(unsafe) var changesAllocations: UInt64 = 0  // main thread only

@MainActor
func timedRegion(_ changes: Int, _ body: (Int) -> Void) {
    let before = mc_allocation_count()
    let elapsed = ContinuousClock().measure { countedRegion(changes, body) }
    changesAllocations = mc_allocation_count() - before
    changesTime = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

/// Runs the main run loop until `done` (the host's state arrives through main-actor tasks).
@MainActor
func pump(until done: () -> Bool) {
    while !done() { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
}

/// A cell: N rows, K changes through the store host; returns the readers invalidated.
@MainActor
func runStore(rows count: Int, changes: Int) -> Int {
    let store = ObservableStore(
        initialState: Rows(items: IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0, title: "row \($0)") })),
        reducer: reducer
    )
    return runChanges(store.scope(forEach: \.items, action: RowsAction.row), rows: count, changes: changes) { store.send($0) }
}

/// The same cell with the rows in a plain array.
@MainActor
func runArrayStore(rows count: Int, changes: Int) -> Int {
    let store = ObservableStore(
        initialState: ArrayRows(items: (0..<count).map { Row(id: $0, title: "row \($0)") }),
        reducer: arrayReducer
    )
    return runChanges(store.scope(forEach: \.items, action: RowsAction.row), rows: count, changes: changes) { store.send($0) }
}

/// K changes, each renaming one row through `send`, each row read by a tracked reader.
@MainActor
func runChanges(
    _ rows: [ObservableStore<Row, RowAction>], rows count: Int, changes: Int, send: (RowsAction) -> Void
) -> Int {
    let counter = Counter()
    func track(_ row: ObservableStore<Row, RowAction>) {
        withObservationTracking({ _ = row.state.title }, onChange: { counter.count.wrappingAdd(1, ordering: .relaxed) })
    }
    for row in rows { track(row) }
    timedRegion(changes) { change in
        let id = rowID(change, count)
        let before = counter.value
        send(.row(id, .rename("change \(change)")))
        pump { counter.value > before }
        // Re-track the changed row, as its view's next render does.
        track(rows[id])
    }
    return counter.value
}

/// The same cell on the hand-written `@Observable` model, mutated directly.
@MainActor
func runBaseline(rows count: Int, changes: Int) -> Int {
    let model = RowsModel(items: (0..<count).map { RowModel(id: $0, title: "row \($0)") })
    let counter = Counter()
    func track(_ row: RowModel) {
        withObservationTracking({ _ = row.title }, onChange: { counter.count.wrappingAdd(1, ordering: .relaxed) })
    }
    withObservationTracking({ _ = model.items }, onChange: { counter.count.wrappingAdd(1, ordering: .relaxed) })
    for row in model.items { track(row) }
    timedRegion(changes) { change in
        let id = rowID(change, count)
        model.items[id].title = "change \(change)"
        track(model.items[id])
    }
    return counter.value
}

@MainActor
func main() {
    let arguments = CommandLine.arguments
    func value(_ name: String) -> Int? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }
    if let rows = value("--rows"), let changes = value("--changes"), rows > 0, changes >= 0 {
        let baseline = arguments.contains("--baseline")
        let invalidations =
            baseline
            ? runBaseline(rows: rows, changes: changes)
            : arguments.contains("--array") ? runArrayStore(rows: rows, changes: changes) : runStore(rows: rows, changes: changes)
        if arguments.contains("--counted") {
            // `bench --count`'s child protocol: the check is one invalidated reader per change.
            print(invalidations == changes ? "ok \(changesAllocations)" : "fail \(invalidations)")
            return
        }
        print("\(baseline ? "baseline" : "store") rows \(rows) changes \(changes) invalidations \(invalidations)")
        if invalidations != changes {
            FileHandle.standardError.write(Data("bench-w11: \(invalidations) readers invalidated by \(changes) changes\n".utf8))
            exit(1)
        }
        return
    }
    print("| Rows | Changes | Readers invalidated per change | IdentifiedArray: time per change | Array: time per change | Baseline: time per change |")
    print("|---:|---:|---:|---:|---:|---:|")
    func format(_ nanoseconds: Double) -> String {
        nanoseconds >= 1e6 ? String(format: "%.2f ms", nanoseconds / 1e6) : String(format: "%.1f µs", nanoseconds / 1e3)
    }
    for (rows, changes) in [(10, 2_000), (1_000, 2_000), (10_000, 2_000), (100_000, 200)] {
        let invalidations = runStore(rows: rows, changes: changes)
        let storeTime = changesTime
        let arrayInvalidations = runArrayStore(rows: rows, changes: changes)
        let arrayTime = changesTime
        _ = runBaseline(rows: rows, changes: changes)
        let baselineTime = changesTime
        let perChange = Double(invalidations) / Double(changes)
        let arrayPerChange = Double(arrayInvalidations) / Double(changes)
        print(
            "| \(rows) | \(changes) | \(String(format: "%.2f", perChange)) / \(String(format: "%.2f", arrayPerChange)) "
                + "| \(format(storeTime / Double(changes))) | \(format(arrayTime / Double(changes))) | \(format(baselineTime / Double(changes))) |"
        )
    }
}

MainActor.assumeIsolated { main() }
