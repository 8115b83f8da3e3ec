// Shared by the test targets (not a product).
public import Foundation
public import StreamCore

/// Records the events of an observation thread-safely and lets a test wait for them.
public final class Recorder<Element: Sendable, Failure: Error>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched with `condition` locked.
    /// The recorded event type.
    public typealias Event = Signal<Element, Failure>.Event
    private let condition = NSCondition()
    private var storage: [Event] = []

    /// Creates an empty recorder.
    public init() {}

    /// The observer closure to pass to `observe(with:)`.
    public var observer: @Sendable (Event) -> Void {
        { [self] event in
            condition.lock()
            storage.append(event)
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Everything recorded so far, in order.
    public var events: [Event] {
        condition.lock()
        defer { condition.unlock() }
        return storage
    }

    /// The recorded elements.
    public var elements: [Element] { events.compactMap(\.element) }

    /// The failure, if the observation failed.
    public var error: Failure? { events.last?.error }

    /// Whether a terminal event arrived.
    public var isTerminated: Bool { events.last?.isTerminal ?? false }

    /// Waits (up to `timeout` seconds) until `predicate` holds for the recorded events.
    @discardableResult
    public func wait(timeout: TimeInterval = 60, until predicate: ([Event]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(storage) {
            if !condition.wait(until: deadline) { return predicate(storage) }
        }
        return true
    }

    /// Waits until a terminal event arrived.
    @discardableResult
    public func waitForTermination(timeout: TimeInterval = 60) -> Bool {
        wait(timeout: timeout) { $0.last?.isTerminal ?? false }
    }
}
