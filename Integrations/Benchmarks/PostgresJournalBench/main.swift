// Throughput and send latency of the PostgreSQL journal: INSTANCES store instances in this
// process (each with its own connections), SENDERS concurrent senders per instance, ACTIONS
// actions in all. Prints one Markdown row per run. Wall-clock figures: run on a quiet machine.
//
//   PostgresJournalBench [ACTIONS] [SENDERS]      (server from RT_PG_HOST/RT_PG_PORT/…)
import Foundation
import PostgresNIO
import ReactiveToolkitPostgres
import StoreKitLite

struct Counter: Codable, Sendable, Equatable {
    var total = 0
}

enum CounterAction: Codable, Sendable {
    case add(Int)
}

let reducer = Reducer<Counter, CounterAction>(mutating: { state, action in
    switch action {
    case .add(let amount): state.total += amount
    }
})

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("PostgresJournalBench: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
let actions = arguments.count > 1 ? Int(arguments[1]) ?? 3000 : 3000
let senders = arguments.count > 2 ? Int(arguments[2]) ?? 8 : 8
let environment = ProcessInfo.processInfo.environment
guard let host = environment["RT_PG_HOST"] else { fail("RT_PG_HOST is not set") }
let configuration = PostgresConnection.Configuration(
    host: host, port: Int(environment["RT_PG_PORT"] ?? "") ?? 5432, username: environment["RT_PG_USER"] ?? "postgres",
    password: nil, database: environment["RT_PG_DATABASE"] ?? "postgres", tls: .disable)

print("| instances | senders each | actions | actions/s | p50 send | p99 send |")
print("|---|---|---|---|---|---|")
for instances in [1, 3] {
    let name = "bench_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    var stores: [(Store<Counter, CounterAction>, PostgresJournal<Counter, CounterAction>)] = []
    do {
        for _ in 0..<instances {
            let journal = try PostgresJournal<Counter, CounterAction>(
                configuration: configuration, options: PostgresJournalOptions(name: String(name)))
            stores.append((try await Store(initialState: Counter(), reducer: reducer, journal: journal), journal))
        }
    } catch {
        fail("\(error)")
    }
    let clock = ContinuousClock()
    let start = clock.now
    let perSender = actions / (instances * senders)
    let latencies = await withTaskGroup(of: [Duration].self) { group in
        for (store, _) in stores {
            for _ in 0..<senders {
                group.addTask {
                    var latencies: [Duration] = []
                    for _ in 0..<perSender {
                        let sent = clock.now
                        do { try await store.send(.add(1)) } catch { fail("send: \(error)") }
                        latencies.append(clock.now - sent)
                    }
                    return latencies
                }
            }
        }
        var all: [Duration] = []
        for await part in group { all += part }
        return all.sorted()
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    func milliseconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.2f ms", value)
    }
    let p50 = latencies[latencies.count / 2]
    let p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
    print(
        "| \(instances) | \(senders) | \(latencies.count) | \(Int(Double(latencies.count) / seconds)) | \(milliseconds(p50)) | \(milliseconds(p99)) |"
    )
    for (_, journal) in stores { await journal.close() }
}
