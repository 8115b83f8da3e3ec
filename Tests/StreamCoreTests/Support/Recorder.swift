import Foundation
import StreamCore

/// Records the events of an observation, thread-safely, for assertions.
///
/// Uses `NSLock` (a pthread mutex underneath) rather than `Synchronization.Mutex`, which
/// ThreadSanitizer on Linux misreports (see ../shared/PLATFORM.md).
final class Recorder<Element: Sendable, Failure: Error>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched with `lock` held.
    typealias Event = Signal<Element, Failure>.Event
    private let lock = NSLock()
    private var storage: [Event] = []

    init() {}

    /// The observer closure to pass to `observe(with:)`.
    var observer: @Sendable (Event) -> Void {
        { [self] event in
            self.lock.lock()
            self.storage.append(event)
            self.lock.unlock()
        }
    }

    var events: [Event] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var elements: [Element] { events.compactMap(\.element) }

    var isTerminated: Bool { events.last?.isTerminal ?? false }
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
