import TestSupport
import Foundation
import StreamCore

/// Runs `body(index)` on `threads` threads at once and returns when all have finished.
func runConcurrently(threads: Int = 8, _ body: @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: threads, execute: body)
}

/// Detects overlapping calls: `enter()` returns false if another call is already inside.
final class OverlapDetector: @unchecked Sendable {
    // @unchecked Sendable: `inside` and `overlaps` are only touched with `lock` held.
    private let lock = NSLock()
    private var inside = 0
    private(set) var overlaps = 0

    func enter() {
        lock.lock()
        inside += 1
        if inside > 1 { overlaps += 1 }
        lock.unlock()
    }

    func leave() {
        lock.lock()
        inside -= 1
        lock.unlock()
    }

    var overlapCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return overlaps
    }
}

/// An object whose deallocation tests can observe through a weak reference.
final class Tracked: Sendable {
    let id: Int
    init(_ id: Int = 0) { self.id = id }
}

/// Holds a weak reference for lifetime assertions.
final class WeakRef<T: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: `object` is written once at init and only read afterwards.
    weak var object: T?
    init(_ object: T) { self.object = object }
}

/// A disposable that counts how often its work ran.
func countingDisposable(_ counter: Box<Int>) -> BlockDisposable {
    BlockDisposable { counter.mutate { $0 += 1 } }
}

enum TestError: Error, Equatable {
    case boom
    case other(Int)
}

/// Runs blocking work on a thread of its own and awaits it, so that a long stress loop does not
/// occupy one of the few threads of Swift's cooperative pool (on a 2-core machine under TSan,
/// that starves the asynchronous tests running in parallel until their waits time out).
func offCooperativePool<R: Sendable>(_ work: @escaping @Sendable () -> R) async -> R {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
