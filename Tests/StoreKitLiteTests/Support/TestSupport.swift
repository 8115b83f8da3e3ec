import Dispatch
import Foundation
import StreamCore

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
