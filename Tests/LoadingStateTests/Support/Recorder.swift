import Foundation
import StreamCore
import LoadingState

/// Records the events of an observation thread-safely and lets a test wait for them.
final class Recorder<Element: Sendable, Failure: Error>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched with `condition` locked.
    typealias Event = Signal<Element, Failure>.Event
    private let condition = NSCondition()
    private var storage: [Event] = []

    init() {}

    /// The observer closure to pass to `observe(with:)`.
    var observer: @Sendable (Event) -> Void {
        { [self] event in
            condition.lock()
            storage.append(event)
            condition.broadcast()
            condition.unlock()
        }
    }

    var events: [Event] {
        condition.lock()
        defer { condition.unlock() }
        return storage
    }

    var elements: [Element] { events.compactMap(\.element) }

    var error: Failure? { events.last?.error }

    var isTerminated: Bool { events.last?.isTerminal ?? false }

    /// Waits (up to `timeout` seconds) until `predicate` holds for the recorded events.
    @discardableResult
    func wait(timeout: TimeInterval = 10, until predicate: ([Event]) -> Bool) -> Bool {
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
    func waitForTermination(timeout: TimeInterval = 10) -> Bool {
        wait(timeout: timeout) { $0.last?.isTerminal ?? false }
    }
}

/// A thread-safe value box for tests.
final class Box<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched with `lock` held.
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) { storage = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    @discardableResult
    func mutate<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&storage)
    }
}

enum TestError: Error, Equatable {
    case boom
    case other(Int)
}

typealias State = LoadingState<Int, TestError>
