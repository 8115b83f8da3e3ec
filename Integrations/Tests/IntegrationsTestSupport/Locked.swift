import Foundation

/// A thread-safe box for tests (NSLock: ThreadSanitizer understands it).
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched with `lock` held.
    private let lock = NSLock()
    private var storage: Value

    /// A box holding `value`.
    public init(_ value: Value) { storage = value }

    /// The value now.
    public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// Changes the value under the lock.
    public func mutate<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&storage)
    }
}
