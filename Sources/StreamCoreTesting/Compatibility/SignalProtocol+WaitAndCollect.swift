public import StreamCore
import Dispatch

extension SignalProtocol {
    /// Observes the signal, blocks the calling thread until it terminates, and returns its
    /// elements (ReactiveKit's test helper `waitAndCollectElements()`).
    ///
    /// ```swift
    /// let values = fetchNumbers().receive(on: .global()).waitAndCollectElements()
    /// ```
    ///
    /// Call it only for a signal that terminates on another thread or synchronously; a signal
    /// that needs the calling thread (say, the main queue from the main thread) cannot finish.
    ///
    /// - Parameter timeout: How long to wait at most; then the observation is disposed and the
    ///   elements received so far are returned.
    /// - Returns: The elements, in order.
    public func waitAndCollectElements(timeout: Duration = .seconds(10)) -> [Element] {
        waitAndCollectEvents(timeout: timeout).compactMap(\.element)
    }

    /// Observes the signal, blocks the calling thread until it terminates, and returns all its
    /// events, the terminal one included (ReactiveKit's test helper `waitAndCollectEvents()`).
    ///
    /// ```swift
    /// #expect(Signal.sequence([1]).waitAndCollectEvents() == [.next(1), .completed])
    /// ```
    ///
    /// - Parameter timeout: How long to wait at most; then the observation is disposed and the
    ///   events received so far are returned (without a terminal event).
    /// - Returns: The events, in order.
    public func waitAndCollectEvents(timeout: Duration = .seconds(10)) -> [Signal<Element, Error>.Event] {
        let accumulator = EventAccumulator<Element, Error>()
        let observation = observe(with: accumulator)
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        _ = accumulator.terminated.wait(timeout: .now() + seconds)
        observation.dispose()
        return accumulator.events
    }
}

extension SignalProtocol {
    /// Passes the elements on and drops the terminal event, so the signal never ends by itself
    /// (ReactiveKit's `ignoreTerminal()`).
    ///
    /// Marble: `-a-b|` → `-a-b-` ; `-a-#` → `-a--`
    ///
    /// - Returns: A signal of the same elements that never terminates.
    public func ignoreTerminal() -> Signal<Element, Error> {
        Signal { observer in
            self.observe { event in
                if case .next = event { observer.on(event) }
            }
        }
    }
}

/// Collects events and signals a semaphore on the terminal one.
private final class EventAccumulator<Element, Failure: Swift.Error>: ObserverProtocol {
    // LockedState's own unchecked Sendable covers the (possibly non-Sendable) elements: they are
    // only touched under its lock.
    private let state = LockedState<[Signal<Element, Failure>.Event]>([])
    let terminated = DispatchSemaphore(value: 0)

    func on(_ event: Signal<Element, Failure>.Event) {
        state.withLock { $0.append(event) }
        if event.isTerminal { terminated.signal() }
    }

    var events: [Signal<Element, Failure>.Event] {
        state.withLock { $0 }
    }
}
