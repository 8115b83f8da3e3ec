import Dispatch
import StreamCore

/// A store for tests, in the spirit of TCA's `TestStore`: send an action and assert the exact
/// state change, assert each action that effects feed back, and fail on actions left unasserted.
///
/// ```swift
/// @Test func loadingFeedsBackTheResult() throws {
///     let store = TestStore(initialState: AppState(), reducer: app)
///     store.store.attach(effect: loadOnRequest)       // an effect on a virtual-time scheduler
///     try store.send(.load) { $0.isLoading = true }
///     scheduler.advance(by: .seconds(1))
///     try store.receive(.loaded(["a"])) {
///         $0.isLoading = false
///         $0.items = ["a"]
///     }
///     try store.finish()                               // nothing left unasserted
/// }
/// ```
///
/// Actions that reach the store other than through ``send(_:assert:)`` (fed back by effects,
/// action creators or middleware) are held back, not reduced, until the test asserts them with
/// ``receive(_:timeout:assert:)``, which then reduces them; so every state change is asserted
/// one action at a time. Each method throws a ``TestStoreFailure``, which fails the test.
///
/// Use it from one test thread; effects may run on other threads (``receive(_:timeout:assert:)``
/// waits for them up to its timeout).
public final class TestStore<State: Sendable & Equatable, Action: Sendable & Equatable>: Sendable {
    private struct Gate {
        /// How many actions may pass to the reducer (the ones the test sends).
        var allowance = 0
        /// Actions fed back by effects, not asserted yet.
        var received: [Action] = []
        /// The action the test sent passed the gate; its update is the next one published.
        var passedTestAction = false
    }

    /// The store under test; attach effects to it.
    public let store: Store<State, Action>
    private let gate: LockedState<Gate>
    /// Signalled once per received action: its count is the number of received actions.
    private let arrivals = DispatchSemaphore(value: 0)
    /// Signalled when the update of an action the test sent is published.
    private let published = DispatchSemaphore(value: 0)
    private let observation: any Disposable

    /// Creates a test store.
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - reducer: The reducer under test.
    ///   - middleware: Interceptors, after the test store's own gate.
    public init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = []
    ) {
        let gate = LockedState(Gate())
        let arrivals = self.arrivals
        let holdBack = Middleware<State, Action> { action, _ in
            let passes: Bool = gate.withLock { gate in
                if gate.allowance > 0 {
                    gate.allowance -= 1
                    gate.passedTestAction = true
                    return true
                }
                gate.received.append(action)
                return false
            }
            if !passes { arrivals.signal() }
            return passes ? action : nil
        }
        self.gate = gate
        let store = Store(initialState: initialState, reducer: reducer, middleware: [holdBack] + middleware)
        self.store = store
        let published = self.published
        observation = store.updates.observeNext { _ in
            let isTestAction: Bool = gate.withLock { gate in
                defer { gate.passedTestAction = false }
                return gate.passedTestAction
            }
            if isTestAction { published.signal() }
        }
    }

    deinit {
        observation.dispose()
    }

    /// The current state.
    public var state: State { store.state }

    /// The actions fed back and not asserted yet, oldest first.
    public var unassertedActions: [Action] {
        gate.withLock { $0.received }
    }

    /// Sends an action and asserts the state it produces.
    ///
    /// ```swift
    /// try store.send(.increment) { $0.count = 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action, dispatched at once.
    ///   - assert: Turns the state before the action into the state expected after it; omit it
    ///     when the action must not change the state.
    /// - Throws: ``TestStoreFailure`` when actions fed back earlier are still unasserted, or
    ///   the state differs from the expectation.
    public func send(_ action: Action, assert: ((inout State) -> Void)? = nil) throws(TestStoreFailure) {
        let pending = unassertedActions
        if !pending.isEmpty {
            throw TestStoreFailure(.unassertedActions, "Must assert the actions fed back before sending \(action): \(pending)")
        }
        try reduce(action, assert: assert)
    }

    /// Asserts that an effect fed back an action, then reduces it and asserts the state.
    ///
    /// ```swift
    /// try store.receive(.loaded(["a"]), timeout: .seconds(5)) { $0.items = ["a"] }
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The action expected to be the oldest unasserted one.
    ///   - timeout: How long to wait for an action when none has arrived yet (for effects on
    ///     other threads); zero by default.
    ///   - assert: Turns the state before the action into the state expected after it.
    /// - Throws: ``TestStoreFailure`` when no action arrives in time, the oldest one differs,
    ///   or the state differs from the expectation.
    public func receive(
        _ expected: Action,
        timeout: Duration = .zero,
        assert: ((inout State) -> Void)? = nil
    ) throws(TestStoreFailure) {
        guard arrivals.wait(timeout: .now() + timeout.dispatchInterval) == .success else {
            throw TestStoreFailure(.noActionReceived, "Expected to receive \(expected), but no action was fed back")
        }
        let action: Action? = gate.withLock { gate in
            gate.received.isEmpty ? nil : gate.received.removeFirst()
        }
        guard let action else {
            throw TestStoreFailure(.noActionReceived, "Expected to receive \(expected), but no action was fed back")
        }
        guard action == expected else {
            throw TestStoreFailure(.unexpectedAction, "Expected to receive \(expected), received \(action)")
        }
        try reduce(action, assert: assert)
    }

    /// Forgets the actions fed back and not asserted yet (they are not reduced).
    public func skipReceivedActions() {
        let count = gate.withLock { gate in
            defer { gate.received = [] }
            return gate.received.count
        }
        for _ in 0..<count { _ = arrivals.wait(timeout: .now()) }
    }

    /// Asserts that every action fed back has been asserted.
    ///
    /// - Throws: ``TestStoreFailure`` listing the unasserted actions.
    public func finish() throws(TestStoreFailure) {
        let pending = unassertedActions
        if !pending.isEmpty {
            throw TestStoreFailure(.unassertedActions, "\(pending.count) action(s) fed back but not asserted: \(pending)")
        }
    }

    private func reduce(_ action: Action, assert: ((inout State) -> Void)?) throws(TestStoreFailure) {
        var expected = store.state
        assert?(&expected)
        gate.withLock { $0.allowance = 1 }
        store.dispatch(action)
        // Reduced synchronously when the store was idle; otherwise (an effect on another thread
        // held the dispatch role) it was queued, and we wait for its update.
        let queued = gate.withLock { $0.allowance > 0 }
        let deadline: DispatchTime = queued ? .now() + .seconds(20) : .now()
        // No update comes when a middleware after the gate drops the action: the state is then
        // compared unchanged.
        _ = published.wait(timeout: deadline)
        let notReduced = gate.withLock { gate in
            defer {
                gate.allowance = 0
                gate.passedTestAction = false
            }
            return gate.allowance > 0
        }
        if notReduced {
            throw TestStoreFailure(.actionNotReduced, "\(action) was not reduced within 20 seconds (the store was busy)")
        }
        let actual = store.state
        if actual != expected {
            throw TestStoreFailure(.stateMismatch, "State after \(action) differs.\nExpected: \(expected)\nActual:   \(actual)")
        }
    }
}

extension Duration {
    /// The duration as a dispatch interval (negative durations count as zero).
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        if seconds < 0 { return .nanoseconds(0) }
        let nanos = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if nanos.overflow || nanos.partialValue > Int64(Int.max) { return .seconds(Int.max / 1_000_000_000) }
        return .nanoseconds(Int(nanos.partialValue + attoseconds / 1_000_000_000))
    }
}
