import Dispatch
import Foundation
@testable import StreamCore
import Testing

#if DEBUG
/// Debug builds trap on a misused lock and name it: a relock by the thread that holds it (which
/// would deadlock), an unlock by a thread that does not hold it, and an unlock of a lock nobody
/// holds. Each case runs in a child process (an exit test) that must crash with the message; the
/// last test shows that correct use does not trap, so the others cannot pass by crashing anyway.
@Suite struct LockMisuseTests {
    @Test func aRelockByTheHolderTrapsNamingTheBox() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = LockedState(0)
            _ = box.unsafeLock()
            _ = box.unsafeLock()
        }
        #if !canImport(Darwin)
        #expect(result?.standardErrorText.contains("LockedState<Int> was locked again by the thread that holds it") == true)
        #endif
    }

    @Test func anUnlockOfAnUnlockedLockTrapsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let lock = Lock(name: "test.lock")
            lock.unsafeUnlock()
        }
        #if !canImport(Darwin)
        #expect(result?.standardErrorText.contains("test.lock was unlocked while nobody held it") == true)
        #endif
    }

    @Test func anUnlockByAnotherThreadTrapsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let lock = Lock(name: "test.lock")
            lock.unsafeLock()
            let thread = LockMisuseThread { lock.unsafeUnlock() }
            thread.join()
        }
        #if !canImport(Darwin)
        #expect(result?.standardErrorText.contains("test.lock was unlocked by a thread that does not hold it") == true)
        #endif
    }

    @Test func correctUseDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let box = LockedState(0)
            let state = box.unsafeLock()
            state.pointee += 1
            box.unsafeUnlock()
            let lock = Lock(name: "test.lock")
            let thread = LockMisuseThread {
                lock.unsafeLock()
                lock.unsafeUnlock()
            }
            thread.join()
            lock.withLock {}
            lock.deallocate()
        }
    }
}

extension ExitTest.Result {
    /// The child process's standard error, as text.
    var standardErrorText: String { String(decoding: standardErrorContent, as: UTF8.self) }
}

/// Runs `body` on a thread of its own, which ``join()`` waits for.
private final class LockMisuseThread: Sendable {
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [done] in
            body()
            done.signal()
        }
    }

    func join() { done.wait() }
}
#endif
