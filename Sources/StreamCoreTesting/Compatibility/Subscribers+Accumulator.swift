public import StreamCore

extension Subscribers {
    /// An observer that collects every element and the completion (ReactiveKit's test helper
    /// `Subscribers.Accumulator`).
    ///
    /// ```swift
    /// let accumulator = Subscribers.Accumulator<Int, Never>()
    /// Signal.sequence([1, 2]).observe(with: accumulator)
    /// #expect(accumulator.values == [1, 2])
    /// #expect(accumulator.isFinished)
    /// ```
    ///
    /// It may be called from any thread; reads return a consistent snapshot. Nothing is recorded
    /// after the first terminal event.
    public final class Accumulator<Input, Failure: Swift.Error>: ObserverProtocol {
        private struct State {
            var values: [Input] = []
            var completion: Subscribers.Completion<Failure>?
        }

        // LockedState's own unchecked Sendable covers the (possibly non-Sendable) elements: they
        // are only touched under its lock.
        private let state = LockedState(State())

        /// Creates an empty accumulator.
        public init() {}

        /// Records an event; ignored after a terminal event.
        ///
        /// - Parameter event: The event to record.
        public func on(_ event: Signal<Input, Failure>.Event) {
            state.withLock { state in
                guard state.completion == nil else { return }
                switch event {
                case .next(let value): state.values.append(value)
                case .failed(let error): state.completion = .failure(error)
                case .completed: state.completion = .finished
                }
            }
        }

        /// The elements received so far, in order.
        public var values: [Input] {
            state.withLock { $0.values }
        }

        /// How the signal ended, or `nil` while it runs.
        public var completion: Subscribers.Completion<Failure>? {
            state.withLock { $0.completion }
        }

        /// Whether the signal completed successfully.
        public var isFinished: Bool {
            if case .finished = completion { return true }
            return false
        }

        /// Whether the signal failed.
        public var isFailure: Bool {
            if case .failure = completion { return true }
            return false
        }
    }
}
