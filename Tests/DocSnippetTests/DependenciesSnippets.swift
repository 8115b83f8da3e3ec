import Dispatch
import FeedbackLoop
import Foundation
import StoreKitLite
import StoreKitLiteTesting
import StreamCore
import StreamCoreTesting
import Testing

// The snippets of StreamCore.docc/Articles/Dependencies.md.

// snippet: DependenciesDeclaring
struct WeatherClient: Sendable {
    var forecast: @Sendable (String) async throws -> String
}

extension WeatherClient: DependencyKey {
    static let liveValue = WeatherClient(forecast: { city in "sunny in \(city)" })  // the real API call
    static let testValue = WeatherClient(forecast: { _ in "test weather" })
    static let previewValue = WeatherClient(forecast: { city in "preview rain in \(city)" })
}

extension DependencyValues {
    var weather: WeatherClient {
        get { self[WeatherClient.self] }
        set { self[WeatherClient.self] = newValue }
    }
}
// end

// snippet: DependenciesRequestID
private enum RequestIDKey: DependencyKey {
    static let liveValue = "none"
    static let testValue = "test-request"
}

extension DependencyValues {
    /// The request a service is serving.
    var requestID: String {
        get { self[RequestIDKey.self] }
        set { self[RequestIDKey.self] = newValue }
    }
}
// end

// snippet: DependenciesTodos
struct Todo: Sendable, Equatable {
    let id: UUID
    var title: String
    var created: Date
}

enum TodoAction: Sendable, Equatable { case add(String) }

let todos = Reducer<[Todo], TodoAction>(mutating: { todos, action in
    @Dependency(\.uuid) var uuid
    @Dependency(\.date.now) var now
    switch action {
    case .add(let title): todos.append(Todo(id: uuid(), title: title, created: now))
    }
})
// end

enum DependenciesSnippets {
    static func overriding() {
        // snippet: DependenciesOverriding
        let store = Store(initialState: [], reducer: todos) {
            $0.uuid = .incrementing
            $0.date = .constant(Date(timeIntervalSince1970: 0))
        }
        store.dispatch(.add("Milk"))
        withDependencies {
            $0.date = .constant(Date(timeIntervalSince1970: 60))
        } operation: {
            store.dispatch(.add("Eggs"))  // this action's own date; the store's uuid
        }
        for todo in store.state { print(todo.id.uuidString.suffix(4), todo.title, todo.created.timeIntervalSince1970) }
        // end
    }

    static func service() async throws -> [String] {
        // snippet: DependenciesService
        struct Orders: Sendable {
            var submitted: Int?  // the order whose payment should start
            var log: [String] = []
        }
        enum OrderAction: Sendable { case submit(Int), paid(Int, by: String) }

        let store = Store(
            initialState: Orders(),
            reducer: Reducer<Orders, OrderAction>(mutating: { orders, action in
                @Dependency(\.requestID) var requestID
                switch action {
                case .submit(let order):
                    orders.submitted = order
                    orders.log.append("order \(order) submitted in \(requestID)")
                case .paid(let order, let payer):
                    orders.submitted = nil
                    orders.log.append("order \(order) paid by \(payer) in \(requestID)")
                }
            }))
        // A payment effect: it reads the request where it starts, and answers from another thread.
        let payments = DispatchQueue(label: "payments")
        let effect = store.attach(effect: { states in
            states.compactMap(\.submitted).flatMapMerge { order in
                @Dependency(\.requestID) var requestID
                let payer = "payer of \(requestID)"
                return Signal<OrderAction, Never> { observer in
                    payments.async { observer.receive(lastElement: .paid(order, by: payer)) }
                    return NonDisposable.instance
                }.trackedAsEffect(named: "payment")
            }
        })
        // Two requests at once, each under its own request ID.
        async let first: Void = withDependencies {
            $0.requestID = "request A"
        } operation: {
            await store.sendTracked(.submit(1)).finish()
        }
        async let second: Void = withDependencies {
            $0.requestID = "request B"
        } operation: {
            await store.sendTracked(.submit(2)).finish()
        }
        _ = await (first, second)
        effect.dispose()
        // end
        return store.state.log
    }

    static func escaping() -> String {
        // snippet: DependenciesEscaping
        let logged = DispatchSemaphore(value: 0)
        let line = Box("")
        withDependencies {
            $0.requestID = "request C"
        } operation: {
            withEscapedDependencies { dependencies in
                DispatchQueue.global().async {
                    dependencies.yield { line.value = "audit for \(DependencyValues.current.requestID)" }
                    logged.signal()
                }
            }
        }
        logged.wait()
        // end
        return line.value
    }
}

/// A value box for the snippets (thread-safe).
final class Box<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched with `lock` held.
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) { storage = value }

    var value: Value {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }
}

@Suite struct DependenciesSnippetTests {
    // snippet: DependenciesTestStore
    @Test func addingATodoUsesTheTestsIDsAndDates() throws {
        let store = TestStore(initialState: [], reducer: todos) {
            $0.uuid = .incrementing
            $0.date = .constant(Date(timeIntervalSince1970: 0))
        }
        try store.send(.add("Milk")) {
            $0 = [Todo(id: UUID(0), title: "Milk", created: Date(timeIntervalSince1970: 0))]
        }
    }

    @Test func aForgottenOverrideIsAFailureNamingIt() throws {
        let store = TestStore(initialState: [], reducer: todos, exhaustivity: .off) {
            $0.uuid = .incrementing  // the date is not overridden: \.date has no test value
        }
        try withKnownIssue {
            try store.send(.add("Milk")) { $0[0].title = "Milk" }  // the test goes on (with the live date)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("@Dependency(\\.date) (key DateGeneratorKey) has no test value") }
        }
    }
    // end

    // snippet: DependenciesClock
    @Test func aTimerSleepsOnVirtualTime() async throws {
        let scheduler = TestScheduler()
        let reminder = withDependencies {
            $0.continuousClock = scheduler.clock
        } operation: {
            Task {
                @Dependency(\.continuousClock) var clock
                try await clock.sleep(for: .seconds(30))
                return "stretch"
            }
        }
        while scheduler.pendingCount == 0 { await Task.yield() }  // the task is asleep
        scheduler.advance(by: .seconds(30))  // no real wait
        #expect(try await reminder.value == "stretch")
    }
    // end

    @Test func theServiceSnippetKeepsEachRequestApart() async throws {
        let log = try await DependenciesSnippets.service()
        #expect(
            Set(log) == [
                "order 1 submitted in request A", "order 2 submitted in request B",
                "order 1 paid by payer of request A in request A", "order 2 paid by payer of request B in request B",
            ])
    }

    @Test func theEscapingSnippetCarriesTheRequest() {
        #expect(DependenciesSnippets.escaping() == "audit for request C")
    }
}
