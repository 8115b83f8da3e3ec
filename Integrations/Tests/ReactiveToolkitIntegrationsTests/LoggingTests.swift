import IntegrationsTestSupport
import Logging
import ReactiveToolkitLogging
import StoreKitLite
import Testing

/// A swift-log handler that keeps every event.
struct CapturingLogHandler: LogHandler {
    let events: Locked<[LogEvent]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        events.mutate { $0.append(event) }
    }
}

@Suite struct SwiftLogSinkTests {
    private func logger(level: Logger.Level, events: Locked<[LogEvent]>) -> Logger {
        Logger(label: "test.store") { _ in CapturingLogHandler(events: events, logLevel: level) }
    }

    @Test func logsTheActionAsMetadataAtTheMiddlewaresLevels() async throws {
        let events = Locked<[LogEvent]>([])
        let store = Store(initialState: Orders(), reducer: ordersReducer, observers: [
            LoggingMiddleware(logger: logger(level: .info, events: events), level: .notice, failureLevel: .error)
        ])
        try await store.send(.submit(1))
        await #expect(throws: StoreError.rejected("negative id -2")) { try await store.send(.submit(-2)) }
        let logged = events.value
        #expect(logged.map(\.level) == [.notice, .error])
        #expect(logged.map(\.message.description) == ["submit(1)", "submit(-2) refused: action rejected: negative id -2"])
        #expect(logged[0].metadata?["action"] == .string("submit(1)"))
        #expect(logged[0].metadata?["sequence"] == .string("1"))
        #expect(logged[0].metadata?["state"] == nil)   // the state only when asked
        #expect(logged[1].metadata?["error"] == .string("action rejected: negative id -2"))
    }

    @Test func recordsBelowTheLoggersLevelAreNeitherFormattedNorWritten() async throws {
        let events = Locked<[LogEvent]>([])
        let sink = SwiftLogSink(logger: logger(level: .warning, events: events))
        #expect(!sink.isEnabled(.info))
        #expect(sink.isEnabled(.warning))
        #expect(sink.isEnabled(.critical))
        let store = Store(initialState: Orders(), reducer: ordersReducer, observers: [
            LoggingMiddleware(level: .info, sink: sink)
        ])
        try await store.send(.submit(1))
        #expect(events.value.isEmpty)
    }

    @Test func logsTheStateWhenAsked() async throws {
        let events = Locked<[LogEvent]>([])
        let store = Store(initialState: Orders(), reducer: ordersReducer, observers: [
            LoggingMiddleware(logger: logger(level: .trace, events: events), level: .debug, state: .full)
        ])
        try await store.send(.submit(7))
        #expect(events.value.map(\.level) == [.debug])
        #expect(events.value.first?.metadata?["state"] == .string(String(describing: Orders(submitted: [7]))))
    }

    @Test func levelsMapOneToOne() {
        for level in LogLevel.allCases {
            #expect(LogLevel(Logger.Level(level)) == level)
            #expect(Logger.Level(level).rawValue == level.description)
        }
    }
}
