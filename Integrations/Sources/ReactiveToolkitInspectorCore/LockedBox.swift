import Foundation

/// The inspector's one lock box: a value and the lock that guards it (NSLock, which
/// ThreadSanitizer understands; it reports false races on `Synchronization.Mutex` on Linux).
///
/// Never call user code inside ``withLock(_:)``: take values out, unlock, then use them (a
/// payload's `deinit` is user code too).
final class LockedBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched with `lock` held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
