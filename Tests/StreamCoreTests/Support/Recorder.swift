import StreamCore
import Synchronization

/// Records the events of an observation, thread-safely, for assertions.
final class Recorder<Element: Sendable, Failure: Error>: Sendable {
    typealias Event = Signal<Element, Failure>.Event
    private let storage = Mutex<[Event]>([])

    init() {}

    /// The observer closure to pass to `observe(with:)`.
    var observer: @Sendable (Event) -> Void {
        { [self] event in self.storage.withLock { $0.append(event) } }
    }

    var events: [Event] { storage.withLock { $0 } }

    var elements: [Element] { events.compactMap(\.element) }

    var isTerminated: Bool { events.last?.isTerminal ?? false }
}

/// A thread-safe counter/log box for tests.
final class Box<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value {
        get { storage.withLock { $0 } }
    }
    func mutate<R>(_ body: (inout Value) -> R) -> R { storage.withLock { body(&$0) } }
}
