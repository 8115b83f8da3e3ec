// W11: an ObservableStore hosting N rows, each row read by one tracked reader (a child host per
// row, as a SwiftUI list does); each change renames one row. Measures the readers invalidated
// per change (must be exactly 1) and the cost per change: wall time per change, and, under
// callgrind, instructions per change differenced between two change counts (same N), so that
// building the rows and the readers cancels out.
//
//   bench-w11                          the table for 10, 1,000 and 100,000 rows (time + counts)
//   bench-w11 --rows N --changes K     one cell, quietly (for callgrind)
import Foundation
import Observation
import StoreKitLite
import Synchronization

struct Row: Identifiable, Sendable, Equatable {
    let id: Int
    var title: String
}

struct Rows: Sendable, Equatable {
    var items: [Row]
    var unrelated = 0
}

enum RowAction: Sendable { case rename(String) }
enum RowsAction: Sendable { case row(Int, RowAction) }

let reducer = Reducer<Rows, RowsAction>(mutating: { rows, action in
    switch action {
    case .row(let id, .rename(let title)):
        // Rows are stored in id order: the update itself is O(1).
        if rows.items.indices.contains(id) { rows.items[id].title = title }
    }
})

final class Counter: Sendable {
    let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
}

@MainActor
func track(_ row: ObservableStore<Row, RowAction>, _ counter: Counter) {
    withObservationTracking({ _ = row.state.title }, onChange: { counter.count.wrappingAdd(1, ordering: .relaxed) })
}

struct Cell {
    let rows: Int
    let changes: Int
    let invalidations: Int
    let nanosecondsPerChange: Double
}

@MainActor
func run(rows count: Int, changes: Int) async throws -> Cell {
    let store = ObservableStore(
        initialState: Rows(items: (0..<count).map { Row(id: $0, title: "row \($0)") }),
        reducer: reducer
    )
    let rows = store.scope(forEach: \.items, action: RowsAction.row)
    let counter = Counter()
    for row in rows { track(row, counter) }
    let clock = ContinuousClock()
    let start = clock.now
    for change in 0..<changes {
        let id = (change &* 7_919) % count
        try await store.send(.row(id, .rename("change \(change)")))
        // Re-track the changed row, as its view's next render does.
        track(rows[id], counter)
    }
    let elapsed = clock.now - start
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return Cell(rows: count, changes: changes, invalidations: counter.value, nanosecondsPerChange: nanoseconds / Double(changes))
}

let arguments = CommandLine.arguments
if let rowsIndex = arguments.firstIndex(of: "--rows"), let changesIndex = arguments.firstIndex(of: "--changes"),
    rowsIndex + 1 < arguments.count, changesIndex + 1 < arguments.count,
    let rows = Int(arguments[rowsIndex + 1]), let changes = Int(arguments[changesIndex + 1])
{
    let cell = try await run(rows: rows, changes: changes)
    print("rows \(cell.rows) changes \(cell.changes) invalidations \(cell.invalidations)")
} else {
    print("| Rows | Changes | Readers invalidated | Invalidated per change | Time per change |")
    print("|---:|---:|---:|---:|---:|")
    for (rows, changes) in [(10, 2_000), (1_000, 2_000), (100_000, 50)] {
        let cell = try await run(rows: rows, changes: changes)
        let perChange = Double(cell.invalidations) / Double(cell.changes)
        let time = cell.nanosecondsPerChange >= 1e6
            ? String(format: "%.2f ms", cell.nanosecondsPerChange / 1e6)
            : String(format: "%.1f µs", cell.nanosecondsPerChange / 1e3)
        print("| \(rows) | \(changes) | \(cell.invalidations) | \(String(format: "%.2f", perChange)) | \(time) |")
    }
}
