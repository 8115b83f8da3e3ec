import Dispatch
import FeedbackLoop
import StoreKitLite
import StreamCore
import Testing
import TestSupport

/// The request a service serves (live "none", test "test-request").
private enum RequestKey: DependencyKey {
    static let liveValue = "none"
    static let testValue = "test-request"
}

extension DependencyValues {
    fileprivate var request: String {
        get { self[RequestKey.self] }
        set { self[RequestKey.self] = newValue }
    }
}

/// A service's store with a FeedbackLoop feedback: each request's action, the feedback's effect
/// it starts and the action that effect sends back all read that request's dependencies, while
/// the other request runs at the same time.
@Suite struct StoreFeedbackDependenciesTests {
    struct Payments: Equatable, Sendable {
        var paying: Set<Int> = []
        var log: [String] = []
    }

    enum Action: Equatable, Sendable {
        case pay(Int)
        case paid(Int, by: String)
    }

    static let reducer = Reducer<Payments, Action>(mutating: { payments, action in
        @Dependency(\.request) var request
        switch action {
        case .pay(let order):
            payments.paying.insert(order)
            payments.log.append("pay \(order) in \(request)")
        case .paid(let order, let payer):
            payments.paying.remove(order)
            payments.log.append("paid \(order) by \(payer) in \(request)")
        }
    })

    @Test func concurrentRequestsKeepTheirDependenciesThroughAKeyedFeedback() async {
        let started = DispatchGroup()
        started.enter()
        started.enter()
        let gateway = DispatchQueue(label: "gateway")  // one answer at a time: the feedback's merge delivers each on its own thread
        let payment = Feedback<Payments, Action>(requests: \.paying) { order in
            @Dependency(\.request) var request
            let payer = "effect of \(request)"
            started.leave()
            return Signal { observer in
                gateway.async {
                    started.wait()  // both payments run before either answers
                    observer.receive(lastElement: .paid(order, by: payer))
                }
                return NonDisposable.instance
            }
        }
        let store = Store(initialState: Payments(), reducer: Self.reducer)
        let attached = store.attach(effect: payment.effects, named: "payment")
        async let first: Void = withDependencies {
            $0.request = "request 1"
        } operation: {
            await store.sendTracked(.pay(1)).finish()
        }
        async let second: Void = withDependencies {
            $0.request = "request 2"
        } operation: {
            await store.sendTracked(.pay(2)).finish()
        }
        _ = await (first, second)
        attached.dispose()
        #expect(
            Set(store.state.log) == [
                "pay 1 in request 1", "pay 2 in request 2",
                "paid 1 by effect of request 1 in request 1", "paid 2 by effect of request 2 in request 2",
            ])
        #expect(store.state.paying.isEmpty)
    }
}
