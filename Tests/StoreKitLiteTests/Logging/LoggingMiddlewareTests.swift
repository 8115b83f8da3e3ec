import StoreKitLite
import Testing
import TestSupport

/// A state that counts how often it is described.
private struct Loud: Sendable, Equatable, CustomStringConvertible {
    static let descriptions = Box(0)
    var count = 0
    var title = "a"
    var description: String {
        Self.descriptions.mutate { $0 += 1 }
        return "Loud(\(count))"
    }
}

private enum LoudAction: Sendable, CustomStringConvertible {
    case bump, rename(String), refuse
    static let descriptions = Box(0)
    var description: String {
        Self.descriptions.mutate { $0 += 1 }
        switch self {
        case .bump: return "bump"
        case .rename(let title): return "rename(\(title))"
        case .refuse: return "refuse"
        }
    }
}

private let loudReducer = Reducer<Loud, LoudAction> { state, action throws(StoreError) in
    switch action {
    case .bump: state.count += 1
    case .rename(let title): state.title = title
    case .refuse: throw .rejected("no")
    }
}

/// A sink that keeps what it is given, from a minimum level up.
private final class Collector: LogSink, @unchecked Sendable {
    // @unchecked Sendable: `records` is a thread-safe box.
    let minimum: LogLevel
    let records = Box<[LogRecord]>([])
    init(minimum: LogLevel) { self.minimum = minimum }
    func isEnabled(_ level: LogLevel) -> Bool { level >= minimum }
    func log(_ record: LogRecord) { records.mutate { $0.append(record) } }
}

@Suite(.serialized) struct LoggingMiddlewareTests {
    @Test func aSinkThatDropsTheLevelMakesTheMiddlewareFormatNothing() {
        Loud.descriptions.value = 0
        LoudAction.descriptions.value = 0
        let sink = Collector(minimum: .warning)
        let store = Store(
            initialState: Loud(), reducer: loudReducer,
            observers: [
                LoggingMiddleware(level: .debug, state: .full, sink: sink)
            ])
        for _ in 0..<100 { store.dispatch(.bump) }
        #expect(sink.records.value.isEmpty)
        #expect(Loud.descriptions.value == 0, "the state was formatted for a dropped record")
        #expect(LoudAction.descriptions.value == 0, "the action was formatted for a dropped record")
        #expect(store.state.count == 100)
    }

    @Test func byDefaultARecordHoldsTheActionOnly() {
        Loud.descriptions.value = 0
        let sink = Collector(minimum: .trace)
        let store = Store(initialState: Loud(), reducer: loudReducer, observers: [LoggingMiddleware(sink: sink)])
        store.dispatch(.bump)
        #expect(sink.records.value == [LogRecord(level: .info, message: "bump", metadata: ["action": "bump", "sequence": "1"])])
        #expect(Loud.descriptions.value == 0)
    }

    @Test func aRefusedActionIsLoggedAtTheFailureLevelWithItsError() {
        let sink = Collector(minimum: .trace)
        let store = Store(
            initialState: Loud(), reducer: loudReducer,
            observers: [
                LoggingMiddleware(level: .debug, failureLevel: .error, sink: sink)
            ])
        store.dispatch(.refuse)
        #expect(sink.records.value.map(\.level) == [.error])
        #expect(sink.records.value.first?.message == "refuse refused: action rejected: no")
        #expect(sink.records.value.first?.metadata["error"] == "action rejected: no")
    }

    @Test func theStateOrOnlyTheFieldsItChangedOnRequest() {
        let full = Collector(minimum: .trace)
        let diff = Collector(minimum: .trace)
        let store = Store(
            initialState: Loud(), reducer: loudReducer,
            observers: [
                LoggingMiddleware(state: .full, sink: full),
                LoggingMiddleware(state: .diff, sink: diff),
            ])
        store.dispatch(.rename("b"))
        #expect(full.records.value.first?.metadata["state"] == "Loud(0)")
        #expect(diff.records.value.first?.metadata["stateDiff"] == "− title: \"a\"\n+ title: \"b\"")
        #expect(diff.records.value.first?.line == "[info] rename(b)\n− title: \"a\"\n+ title: \"b\"")
    }

    @Test func aLineSinkWritesFromItsMinimumLevelUp() {
        let lines = Box<[String]>([])
        let store = Store(
            initialState: Loud(), reducer: loudReducer,
            observers: [
                LoggingMiddleware(
                    level: .debug, failureLevel: .warning,
                    sink: LineSink(minimumLevel: .info) { line in
                        lines.mutate { $0.append(line) }
                    })
            ])
        store.dispatch(.bump)
        store.dispatch(.refuse)
        #expect(lines.value == ["[warning] refuse refused: action rejected: no"])
    }
}
