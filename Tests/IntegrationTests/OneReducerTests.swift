import FeedbackLoop
import FeedbackLoopTesting
import StoreKitLite
import StoreKitLiteTesting
import StreamCoreTesting
import Testing
import TestSupport

/// An orders domain in RxState's substates: a payments substate, reduced by one reducer value
/// that runs in a store, in a loop, in `TestStore` and in `TestLoop`.
struct Payments: Substate, Equatable {
    var pending: [Int] = []
    var paid: [Int] = []
}

enum OrderAction: Sendable, Equatable {
    case store(StoreAction)
    case payments(PaymentAction)
}

enum PaymentAction: Sendable, Equatable {
    case submit(Int)
    case paid(Int)
}

let paymentsReducer = Reducer<Payments, PaymentAction>(mutating: { state, action in
    switch action {
    case .submit(let id): state.pending.append(id)
    case .paid(let id):
        state.pending.removeAll { $0 == id }
        state.paid.append(id)
    }
})

let orderReducer = Reducer<Substates, OrderAction>.combine(
    .storeActions { if case .store(let action) = $0 { action } else { nil } },
    paymentsReducer.pullback(substate: Payments.self) { if case .payments(let action) = $0 { action } else { nil } }
)

/// Pays the oldest pending order after a second, as a feedback of the payments substate, pulled
/// back into the whole application state by the substate's type.
func paymentFeedback(_ scheduler: TestScheduler) -> Feedback<Substates, OrderAction> {
    Feedback<Payments, PaymentAction>(skippingRepeated: { $0.pending.first }) { (id: Int) in
        Signal(just: PaymentAction.paid(id)).delay(for: .seconds(1), on: scheduler)
    }
    .pullback(value: Substates.keyPath(Payments.self), embedEvent: OrderAction.payments)
}

@Suite struct OneReducerTests {
    private static let actions: [OrderAction] = [
        .store(.add(states: [Payments()])), .payments(.submit(1)), .payments(.submit(2)), .payments(.paid(1)),
    ]
    private static let expected = Substates([Payments(pending: [2], paid: [1])])

    @Test func oneReducerValueRunsInAStore() async throws {
        let store = Store(initialState: Substates(), reducer: orderReducer)
        for action in Self.actions { try await store.send(action) }
        #expect(store.state == Self.expected)
    }

    @Test func oneReducerValueRunsInALoop() {
        let events = PassthroughSubject<OrderAction, Never>()
        let last = Box<Substates?>(nil)
        let loop = Signal<Substates, Never>.system(
            initial: Substates(),
            reducer: orderReducer,
            feedbacks: [Feedback(events: events)]
        ).observeNext { state in last.value = state }
        for action in Self.actions { events.send(action) }
        #expect(last.value == Self.expected)
        loop.dispose()
    }

    @Test func oneReducerValueRunsInATestStore() async throws {
        let store = TestStore(initialState: Substates(), reducer: orderReducer)
        try await store.send(.store(.add(states: [Payments()]))) { $0.add([Payments()]) }
        try await store.send(.payments(.submit(1))) { $0[substate: SubstateKey<Payments>()]?.pending = [1] }
        try await store.send(.payments(.submit(2))) { $0[substate: SubstateKey<Payments>()]?.pending = [1, 2] }
        try await store.send(.payments(.paid(1))) { $0 = Self.expected }
        try await store.finish()
    }

    @Test func oneReducerValueAndAWholeStoreFeedbackRunInATestLoop() {
        let scheduler = TestScheduler()
        let loop = TestLoop(initial: Substates(), reducer: orderReducer, feedbacks: [paymentFeedback(scheduler)])
        loop.send(.store(.add(states: [Payments()]))) { $0.add([Payments()]) }
        loop.send(.payments(.submit(1))) { $0[substate: SubstateKey<Payments>()]?.pending = [1] }
        scheduler.advance(by: .seconds(1))
        loop.receive(.payments(.paid(1))) { $0[substate: SubstateKey<Payments>()] = Payments(paid: [1]) }
        loop.finish()
    }

    @Test func aTrackedSendWaitsForThePaymentItStarted() async throws {
        let scheduler = TestScheduler()
        let store = Store(initialState: Substates([Payments()]), reducer: orderReducer)
        let feedback = paymentFeedback(scheduler)
        store.attach(effect: feedback.effects, named: "payment")
        let task = store.sendTracked(.payments(.submit(7)))
        #expect(try await task.state[Payments.self]?.pending == [7])
        #expect(task.runningEffects == ["payment (started after payments(IntegrationTests.PaymentAction.submit(7)))"])
        let finished = Task { await task.finish() }
        scheduler.advance(by: .seconds(1))
        await finished.value
        #expect(store.state[Payments.self] == Payments(paid: [7]))
    }
}
