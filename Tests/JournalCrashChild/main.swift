// The child process of StoreKitLiteTests' kill -9 tests (FileJournalCrashTests): it opens a
// journal, checks the restored state, then sends actions forever from SENDERS tasks at once,
// printing each acknowledged one.
//
// Usage: JournalCrashChild FOLDER always|batched|never SNAPSHOT_EVERY [SENDERS]
// Sender s sends s * 1,000,000 + 0, + 1, … in turn. Prints `start N0 N1 …` (the restored state
// holds sender s's values 0..<Ns, each sender's in order), then `ack K` after each
// `send(.append(K))` returned; `error …` and exit 1 if opening failed or the state is out of order.
import Foundation
import StoreKitLite

struct Log: Codable, Sendable, Equatable {
    var values: [Int] = []
}

enum LogAction: Codable, Sendable {
    case append(Int)
}

let reducer = Reducer<Log, LogAction>(mutating: { log, action in
    switch action {
    case .append(let value): log.values.append(value)
    }
})

/// Writes a line unbuffered, so that what the parent reads is exactly what was acknowledged.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5, let every = Int(arguments[3]),
    let senders = arguments.count == 5 ? Int(arguments[4]) : 1, senders >= 1
else {
    say("error usage")
    exit(2)
}
let stride = 1_000_000
let sync: JournalSyncPolicy =
    switch arguments[2] {
    case "always": .always
    case "batched": .batched(every: .milliseconds(5))
    default: .never
    }
do {
    let journal = try FileJournal<Log, LogAction>(
        folder: URL(fileURLWithPath: arguments[1]), options: JournalOptions(sync: sync, snapshotEvery: every))
    let store = try Store(initialState: Log(), reducer: reducer, journal: journal)
    let values = store.state.values
    var counts: [Int] = []
    for sender in 0..<senders {
        let own = values.filter { $0 / stride == sender }
        guard own == Array((sender * stride)..<(sender * stride + own.count)) else {
            say("error out of order")
            exit(1)
        }
        counts.append(own.count)
    }
    guard counts.reduce(0, +) == values.count else {
        say("error unknown values")
        exit(1)
    }
    say("start " + counts.map(String.init).joined(separator: " "))
    let restored = counts
    try await withThrowingTaskGroup(of: Void.self) { group in
        for sender in 0..<senders {
            group.addTask {
                var next = sender * stride + restored[sender]
                while true {
                    try await store.send(.append(next))
                    say("ack \(next)")
                    next += 1
                }
            }
        }
        try await group.waitForAll()
    }
} catch {
    say("error \(error)")
    exit(1)
}
