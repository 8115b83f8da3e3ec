import Dispatch
import Foundation
import StreamCore

/// A thread-safe value box for tests (NSLock: ThreadSanitizer understands it).
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

extension Box {
    /// Appends to an array box.
    func append<E>(_ element: E) where Value == [E] {
        mutate { $0.append(element) }
    }
}

/// Holds a weak reference for lifetime assertions.
final class WeakRef<T: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: `object` is written once at init and only read afterwards.
    weak var object: T?
    init(_ object: T) { self.object = object }
}

/// Runs `body(index)` on `threads` threads at once and returns when all have finished.
func runConcurrently(threads: Int = 8, _ body: @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: threads, execute: body)
}

/// The deadline for a real-thread wait started now: generous, a passing test never reaches it.
func generousDeadline() -> DispatchTime { .now() + generousTimeout }
