// The file journal's benchmark: actions per second and send latency (p50, p99) of a durable
// store for each sync policy, with a store without a journal as the baseline, from one task
// sending one action after the other (each send awaited), plus the time to restore; and the
// `always` policy with 8 tasks sending at once (each awaiting its sends), where group commit
// lets the actions that queue during one fsync share the next.
// Wall-clock figures (disk-bound: instruction counts would not show fsync).
// Usage: swift build -c release --product journal-bench && ./.build/release/journal-bench [COUNT] [FOLDER]
import Dispatch
import Foundation
import StoreKitLite

struct Orders: Codable, Sendable {
    var placed: [Int: Int] = [:]
    var total = 0
}

enum OrderAction: Codable, Sendable {
    case place(id: Int, amount: Int)
}

let reducer = Reducer<Orders, OrderAction>(mutating: { orders, action in
    switch action {
    case .place(let id, let amount):
        orders.placed[id] = amount
        orders.total += amount
    }
})

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 20_000 : 20_000
let root = arguments.count > 2 ? arguments[2] : FileManager.default.temporaryDirectory.path + "/journal-bench"

struct Row {
    var name: String
    var actions: Int
    var seconds: Double
    var p50: Double
    var p99: Double
    var restore: Double?
}

/// Sends `actions` actions from `senders` tasks at once (each awaiting its own sends, in turn).
func measure(
    _ name: String, actions: Int, senders: Int = 1, _ make: () throws -> Store<Orders, OrderAction>
) async throws -> Row {
    let store = try make()
    let perSender = max(1, actions / senders)
    let start = DispatchTime.now().uptimeNanoseconds
    let latencies = try await withThrowingTaskGroup(of: [UInt64].self) { group in
        for sender in 0..<senders {
            group.addTask {
                var latencies: [UInt64] = []
                latencies.reserveCapacity(perSender)
                for index in (sender * perSender)..<((sender + 1) * perSender) {
                    let before = DispatchTime.now().uptimeNanoseconds
                    _ = try await store.send(.place(id: index % 10_000, amount: index % 97))
                    latencies.append(DispatchTime.now().uptimeNanoseconds - before)
                }
                return latencies
            }
        }
        var all: [UInt64] = []
        for try await part in group { all += part }
        return all.sorted()
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let actions = perSender * senders
    func percentile(_ p: Double) -> Double { Double(latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]) / 1e3 }
    return Row(name: name, actions: actions, seconds: seconds, p50: percentile(0.5), p99: percentile(0.99))
}

func journaled(_ policy: JournalSyncPolicy, _ label: String, actions: Int, senders: Int = 1) async throws -> Row {
    let folder = URL(fileURLWithPath: root + "/" + label)
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let options = JournalOptions(sync: policy, snapshotEvery: 10_000)
    var row = try await measure("journal, sync \(label)", actions: actions, senders: senders) {
        let journal = try FileJournal<Orders, OrderAction>(folder: folder, options: options)
        return try Store(initialState: Orders(), reducer: reducer, journal: journal)
    }
    // The store above is gone: time restoring the snapshot and replaying the journal after it.
    let before = DispatchTime.now().uptimeNanoseconds
    let journal = try FileJournal<Orders, OrderAction>(folder: folder, options: options)
    let store = try Store(initialState: Orders(), reducer: reducer, journal: journal)
    row.restore = Double(DispatchTime.now().uptimeNanoseconds - before) / 1e6
    precondition(store.state.placed.count == min(row.actions, 10_000), "restored state differs")
    try? FileManager.default.removeItem(at: folder)
    return row
}

var rows: [Row] = []
rows.append(try await measure("no journal (baseline)", actions: count) { Store(initialState: Orders(), reducer: reducer) })
rows.append(try await journaled(.never, "never", actions: count))
rows.append(try await journaled(.batched(every: .milliseconds(10)), "batched 10 ms", actions: count))
rows.append(try await journaled(.always, "always", actions: max(1, count / 10)))
rows.append(try await journaled(.always, "always, 8 senders", actions: max(8, count / 10), senders: 8))

print("| Store | Actions | Actions/s | p50 send (µs) | p99 send (µs) | Restore (ms) |")
print("|---|---:|---:|---:|---:|---:|")
for row in rows {
    let restore = row.restore.map { String(format: "%.1f", $0) } ?? "–"
    print("| \(row.name) | \(row.actions) | \(Int(Double(row.actions) / row.seconds)) | "
        + String(format: "%.1f | %.1f", row.p50, row.p99) + " | \(restore) |")
}
