import Foundation
import Testing
@testable import StoreKitLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs each job of a task on a new thread of its own (for a test that blocks for long).
final class OwnThreadExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread { job.runSynchronously(on: executor) }.start()
    }
}

/// Kills a process appending to a journal with `kill -9` at random times, 200 times, and checks
/// after each restart that every acknowledged action is there, each sender's in order, and that
/// the journal always opens. The child is the `JournalCrashChild` executable (built with the
/// tests, next to the test bundle). Bounded: each round waits at most 5 s for the child; each
/// test takes about 16 s here (2 shared cores), at most 200 × 5 s if children hang.
@Suite struct FileJournalCrashTests {
    static let rounds = 200
    static let stride = 1_000_000

    /// One sender, the three policies in turn on one folder.
    @Test func twoHundredKillsLoseNoAcknowledgedActionAndAlwaysRestart() async throws {
        // The rounds block their thread (pipes, sleeps, waitpid) for about 16 s: they run on a
        // thread of their own, not on the cooperative pool that other suites' tasks need (two
        // threads on a 2-core machine). The task, and so the test's context, stays the same.
        try await withTaskExecutorPreference(OwnThreadExecutor()) {
            try Self.killRounds(policies: ["always", "batched", "never"], senders: 1)
        }
    }

    /// Eight senders at once under `always`: group commit shares fsyncs between them, and still
    /// loses no acknowledged action.
    @Test func twoHundredKillsUnderGroupCommitWithEightSendersLoseNoAcknowledgedAction() async throws {
        try await withTaskExecutorPreference(OwnThreadExecutor()) {
            try Self.killRounds(policies: ["always"], senders: 8)
        }
    }

    static func killRounds(policies: [String], senders: Int) throws {
        let child = try #require(Self.childExecutable(), "JournalCrashChild is not built next to the tests")
        let folder = TemporaryFolder()
        defer { folder.remove() }
        var generator = SystemRandomNumberGenerator()
        // Every action of sender s below acknowledged[s] was acknowledged by some child.
        var acknowledged = [Int](repeating: 0, count: senders)
        var totalAcks = 0
        for round in 0..<Self.rounds {
            let policy = policies[round % policies.count]
            let run = try ChildRun(executable: child, arguments: [folder.url.path, policy, "25", "\(senders)"])
            let first = run.readLine(deadline: .now() + .seconds(5))
            guard let first, first.hasPrefix("start ") else {
                run.kill()
                Issue.record("round \(round): the child did not start: \(first ?? "nothing") \(run.readRest())")
                return
            }
            let restored = first.dropFirst(6).split(separator: " ").map { Int($0) ?? -1 }
            guard restored.count == senders else {
                run.kill()
                Issue.record("round \(round): bad start line \(first)")
                return
            }
            // Every acknowledged action survived, each sender's in order (the child checks the order).
            for sender in 0..<senders {
                #expect(
                    restored[sender] >= acknowledged[sender],
                    "round \(round), sender \(sender): restored \(restored[sender]) < acknowledged \(acknowledged[sender])")
            }
            usleep(UInt32.random(in: 0...30_000, using: &generator))
            run.kill()
            var last = restored.map { $0 - 1 }
            for line in run.readRest().split(separator: "\n") {
                guard line.hasPrefix("ack "), let value = Int(line.dropFirst(4)) else { continue }
                let (sender, index) = value.quotientAndRemainder(dividingBy: Self.stride)
                guard sender < senders else {
                    Issue.record("round \(round): ack \(value) from no sender")
                    continue
                }
                #expect(index == last[sender] + 1, "round \(round): ack \(value) after \(last[sender])")
                last[sender] = index
                totalAcks += 1
            }
            for sender in 0..<senders { acknowledged[sender] = max(acknowledged[sender], last[sender] + 1) }
        }
        // The parent opens the journal too, with the child's types.
        let journal = try FileJournal<ChildLog, ChildAction>(folder: folder.url)
        let store = try Store(
            initialState: ChildLog(),
            reducer: Reducer { log, action in
                if case .append(let value) = action { log.values.append(value) }
            }, journal: journal)
        for sender in 0..<senders {
            let own = store.state.values.filter { $0 / Self.stride == sender }
            #expect(own.count >= acknowledged[sender])
            #expect(own == Array((sender * Self.stride)..<(sender * Self.stride + own.count)))
        }
        #expect(totalAcks > Self.rounds)  // the children did acknowledge actions before dying
        #expect(journal.snapshotSequence > 0)
    }

    static func childExecutable() -> URL? {
        let bundle = Bundle(for: Marker.self).bundleURL.deletingLastPathComponent()
        let candidates = [bundle, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for folder in candidates {
            let url = folder.appendingPathComponent("JournalCrashChild")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    final class Marker {}
}

/// The child's state and action (Tests/JournalCrashChild/main.swift), as coded there.
struct ChildLog: Codable, Sendable, Equatable {
    var values: [Int] = []
}

enum ChildAction: Codable, Sendable {
    case append(Int)
}

/// A child process whose standard output is read through a pipe.
final class ChildRun {
    let process = Process()
    let output: Int32
    var buffer: [UInt8] = []

    init(executable: URL, arguments: [String]) throws {
        let pipe = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        output = pipe.fileHandleForReading.fileDescriptor
        pipe.fileHandleForWriting.closeFile()
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    }

    /// The first line, or `nil` if none came before the deadline or the child exited.
    func readLine(deadline: DispatchTime) -> String? {
        while DispatchTime.now() < deadline {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if !fill() { usleep(1_000) }
            if !process.isRunning, !fill() { return nil }
        }
        return nil
    }

    func kill() {
        #if canImport(Glibc)
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        #else
        _ = Darwin.kill(process.processIdentifier, SIGKILL)
        #endif
        process.waitUntilExit()
    }

    /// Everything else the child wrote (call after it exited).
    func readRest() -> String {
        while fill() {}
        return String(decoding: buffer, as: UTF8.self)
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(output, &chunk, chunk.count)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }
}
