import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The `orders-service` executable, run as a process.
@Suite(.serialized) struct ProcessTests {
    /// The executable built next to this test bundle.
    static var executable: URL {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("orders-service")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/orders-service")
    }

    @Test func portZeroPrintsTheAddressFirstAndSIGTERMShutsDownGracefully() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orders-process-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--port", "0", "--data-dir", directory.path, "--payment-delay-ms", "700"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let lines = LineReader(output.fileHandleForReading)
        let first = try #require(await lines.next(timeout: .seconds(60)))
        #expect(first.hasPrefix("listening on http://127.0.0.1:"))
        let base = try #require(URL(string: String(first.dropFirst("listening on ".count))))
        #expect(base.port != 0)
        // Submit as soon as the catalog is loaded, then SIGTERM with the payment in flight.
        var accepted = false
        for _ in 0..<500 where !accepted {
            let (status, _) = try await HTTP.post(base.appendingPathComponent("actions"), body: #"{"type":"submit","product":"tea","quantity":1}"#)
            accepted = status == 202
            if !accepted { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(accepted)
        process.terminate()   // SIGTERM
        var rest: [String] = []
        while let line = await lines.next(timeout: .seconds(30)) { rest.append(line) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(rest.contains { $0.hasPrefix("shutdown:") && $0.hasSuffix("cancelled 0 effect(s)") }, "\(rest)")
        #expect(rest.last == "stopped: 1 order(s), 1 paid", "\(rest)")
    }

    @Test func badArgumentsExitWithUsage() throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--port", "http"]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("--port needs a number"))
    }

    @Test func theEnvironmentSetsTheLimitsAndTheCommandLineWinsBothAreLoggedAtStart() async throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--port", "0", "--idle-timeout-ms", "1500", "--data-dir", FileManager.default.temporaryDirectory
            .appendingPathComponent("orders-process-\(UUID().uuidString)").path]
        var environment = ProcessInfo.processInfo.environment
        environment["ORDERS_IDLE_TIMEOUT_MS"] = "9000"  // overridden by --idle-timeout-ms
        environment["ORDERS_MAX_CONNECTIONS"] = "7"
        environment["ORDERS_EFFECTS"] = "off"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let lines = LineReader(errors.fileHandleForReading)
        let first = try #require(await lines.next(timeout: .seconds(60)))
        #expect(first == "orders-service: idle and request-head timeout 1.5 seconds, at most 7 connections, store in memory, effects off")
        // SIGTERM once it listens (its signal handlers are installed by then).
        let listening = await LineReader(output.fileHandleForReading).next(timeout: .seconds(60))
        #expect(listening?.hasPrefix("listening on ") == true)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func aBadEffectsSettingOrPostgresURLExitsWithUsage() throws {
        for (arguments, expected) in [(["--effects", "sometimes"], "--effects needs on, off or leased"),
                                      (["--postgres", "http://localhost"], "--postgres: not a postgres://")] {
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 2)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(message.contains(expected), "\(message)")
        }
    }
}

/// Reads lines from a pipe, with a timeout per line.
final class LineReader: @unchecked Sendable {
    // @unchecked Sendable: `buffer`, `lines` and `ended` are only touched with `lock` held.
    private let lock = NSLock()
    private var buffer = Data()
    private var lines: [String] = []
    private var ended = false

    init(_ handle: FileHandle) {
        handle.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.withLock {
                if data.isEmpty {
                    self.ended = true
                    handle.readabilityHandler = nil
                } else {
                    self.buffer.append(data)
                    while let newline = self.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        self.lines.append(String(decoding: self.buffer[..<newline], as: UTF8.self))
                        self.buffer.removeSubrange(...newline)
                    }
                }
            }
        }
    }

    /// The next line, or `nil` at the end of the output or after `timeout`.
    func next(timeout: Duration) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let (line, isEnded): (String?, Bool) = lock.withLock {
                if !lines.isEmpty { return (lines.removeFirst(), false) }
                return (nil, ended)
            }
            if let line { return line }
            if isEnded { return nil }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }
}
