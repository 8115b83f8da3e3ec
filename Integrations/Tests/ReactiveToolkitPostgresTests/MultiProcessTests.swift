import Foundation
import IntegrationsTestSupport
import Testing

/// Three store instances in three processes (the PostgresJournalChild executable), one log.
@Suite(.enabled(if: TestServer.isConfigured || TestServer.isRequired), .timeLimit(.minutes(3)))
struct MultiProcessTests {
    @Test func threeProcessesSendingConcurrentlyEndWithTheStateOfTheLogsReplay() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let child = try #require(Self.childExecutable(), "PostgresJournalChild is not built next to the tests")
        let count = 60
        let processes = try (0..<3).map { index in
            try Self.launch(child, arguments: [name, String(index), String(count), String(3 * count)])
        }
        var states: [Ledger] = []
        for (process, output) in processes {
            let data = try await Self.finish(process, output)
            #expect(process.terminationStatus == 0)
            states.append(try JSONDecoder().decode(Ledger.self, from: data))
        }
        let log = try await TestServer.log(name, as: LedgerAction.self)
        #expect(log.count == 3 * count)
        let expected = replay(log)
        #expect(states.count == 3)
        for state in states { #expect(state == expected) }
        // Every process's actions are in the log, interleaved.
        for index in 0..<3 { #expect(log.contains { "\($0)".contains("p\(index)s") }) }
    }

    @Test func aKilledProcessLosesNoAcknowledgedActionAndARestartedOneCatchesUp() async throws {
        let name = TestServer.uniqueName()
        defer { Task { await TestServer.drop(name) } }
        let child = try #require(Self.childExecutable(), "PostgresJournalChild is not built next to the tests")
        let (victim, output) = try Self.launch(child, arguments: [name, "9", "-1", "0"])
        let acknowledged = Locked<[String]>([])
        let reader = Task { await onOwnThread {
            var pending = ""
            while true {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { return }
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = String(pending[..<newline])
                    pending = String(pending[pending.index(after: newline)...])
                    if line.hasPrefix("ack ") { acknowledged.mutate { $0.append(String(line.dropFirst(4))) } }
                }
            }
        } }
        try await eventually("the child acknowledged 30 actions", within: .seconds(60)) { acknowledged.value.count >= 30 }
        kill(victim.processIdentifier, SIGKILL)
        while victim.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        await reader.value
        // Nothing it acknowledged is lost.
        let logged = Set(try await TestServer.log(name, as: LedgerAction.self).map { "\($0)" })
        for tag in acknowledged.value { #expect(logged.contains("deposit(1, tag: \"\(tag)\")")) }
        // The others go on…
        let (store, journal) = try await openLedger(name)
        for step in 0..<10 { try await store.send(.note("after the kill \(step)")) }
        let last = try await TestServer.lastSequence(name)
        // …and a restarted process (it sends nothing) restores the log and catches up.
        let restarted = try Self.launch(child, arguments: [name, "9", "0", String(last)])
        let data = try await Self.finish(restarted.0, restarted.1)
        #expect(restarted.0.terminationStatus == 0)
        let state = try JSONDecoder().decode(Ledger.self, from: data)
        #expect(state == replay(try await TestServer.log(name, as: LedgerAction.self)))
        #expect(state == store.state)
        await journal.close()
    }

    static func launch(_ executable: URL, arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output)
    }

    /// Reads the child's output to its end and waits for it (bounded by the suite's time limit).
    static func finish(_ process: Process, _ output: Pipe) async throws -> Data {
        let data = try await onOwnThread { try output.fileHandleForReading.readToEnd() ?? Data() }
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        return data
    }

    static func childExecutable() -> URL? {
        let bundle = Bundle(for: Marker.self).bundleURL.deletingLastPathComponent()
        let candidates = [bundle, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for folder in candidates {
            let url = folder.appendingPathComponent("PostgresJournalChild")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    final class Marker {}
}
