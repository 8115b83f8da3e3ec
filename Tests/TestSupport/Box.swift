import Foundation

/// A thread-safe value box for tests (`NSLock`: ThreadSanitizer understands it, unlike
/// `Synchronization.Mutex` on this toolchain).
public final class Box<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched with `lock` held.
    private let lock = NSLock()
    private var storage: Value

    /// Creates a box holding `value`.
    public init(_ value: Value) { storage = value }

    /// The current value.
    public var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storage
        }
        set {
            lock.lock()
            storage = newValue
            lock.unlock()
        }
    }

    /// Changes the value in place under the lock.
    @discardableResult
    public func mutate<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&storage)
    }
}

extension Box {
    /// Appends to an array box.
    public func append<E>(_ element: E) where Value == [E] {
        mutate { $0.append(element) }
    }
}
