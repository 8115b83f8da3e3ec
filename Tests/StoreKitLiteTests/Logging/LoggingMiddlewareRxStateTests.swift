import TestSupport
import Testing
import StoreKitLite

@Suite struct LoggingMiddlewareRxStateTests {
    @Test func logsStateAndLastActionToThePluggableSink() {
        let lines = Box<[String]>([])
        let logger = LoggingMiddleware<Int, CounterAction>(sink: { lines.append($0) })
        let store = Store(initialState: 0, reducer: counterReducer, observers: [logger])
        store.dispatch(.increment)
        #expect(lines.value == ["currentState: 0\nlastAction: nil", "currentState: 1\nlastAction: increment"])
    }

    @Test func theStoreKeepsItsObservingMiddlewareAlive() {
        // Written as the docs write it: nobody but the store holds the middleware.
        let lines = Box<[String]>([])
        let store = Store(
            initialState: 0,
            reducer: counterReducer,
            observers: [LoggingMiddleware<Int, CounterAction>(sink: { lines.append($0) }, format: { "\($0.state)" })]
        )
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(lines.value == ["0", "1", "2"])
    }

    @Test func theMiddlewareGoesWithTheStore() {
        weak var weakLogger: LoggingMiddleware<Int, CounterAction>?
        do {
            let logger = LoggingMiddleware<Int, CounterAction>(sink: { _ in })
            weakLogger = logger
            let store = Store(initialState: 0, reducer: counterReducer, observers: [logger])
            store.dispatch(.increment)
        }
        #expect(weakLogger == nil)
    }

    @Test func customFormat() {
        let lines = Box<[String]>([])
        let logger = LoggingMiddleware<Int, CounterAction>(sink: { lines.append($0) }, format: { "\($0.state)" })
        let store = Store(initialState: 0, reducer: counterReducer, observers: [logger])
        store.dispatch(.add(4))
        #expect(lines.value == ["0", "4"])
    }

    @Test func defaultFormatMentionsErrors() {
        let update = StoreUpdate<Int, CounterAction>(state: 1, lastAction: .decrement, error: .rejected("x"))
        #expect(
            LoggingMiddleware<Int, CounterAction>.defaultFormat(update)
                == "currentState: 1\nlastAction: decrement\nerror: action rejected: x")
    }
}
