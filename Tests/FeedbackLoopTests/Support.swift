import Foundation

/// A value shared between a test and the closures it hands to the loop.
final class Box<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is guarded by `lock`.
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) { storage = value }

    var value: Value {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }

    func mutate<R>(_ body: (inout Value) -> R) -> R {
        lock.withLock { body(&storage) }
    }
}
