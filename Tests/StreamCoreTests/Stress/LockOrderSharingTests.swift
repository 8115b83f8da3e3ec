import TestSupport
import Foundation
import StreamCore
import Testing

/// More lock-order regressions (see `LockOrderTests`): an observer of a `Property` or a shared
/// signal uses the very same object — sends, observes, disposes, sets — both re-entrantly on the
/// delivering thread and from another thread while the delivery waits for it. Each scenario runs
/// with a bounded wait, so a lock held during a callback fails the test instead of hanging CI.
@Suite struct LockOrderSharingTests {
    /// Runs `work` on another thread and reports whether it finished within the timeout.
    private func finishesOnAnotherThread(_ work: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            work()
            done.signal()
        }
        return done.wait(timeout: .now() + 60) == .success
    }

    @Test func propertyObserverSendsObservesDisposesAndSetsReentrantly() {
        let finished = finishesOnAnotherThread {
            let property = Property(0)
            let other = property.observeNext { _ in }
            let seen = Box<[Int]>([])
            let observation = property.observeNext { value in
                seen.append(value)
                guard value == 1 else { return }
                property.value = 2  // queued behind this delivery
                let extra = property.observeNext { _ in }  // registered without waiting
                extra.dispose()
                other.dispose()
                property.send(3)
                _ = property.value
            }
            property.value = 1
            #expect(seen.value == [0, 1, 2, 3])
            #expect(property.value == 3)
            observation.dispose()
        }
        #expect(finished)
    }

    @Test func propertyObserverLetsAnotherThreadSendObserveDisposeAndSet() {
        let property = Property(0)
        let other = property.observeNext { _ in }
        let outcomes = Box<[Bool]>([])
        let seen = Box<[Int]>([])
        let observation = property.observeNext { value in
            seen.append(value)
            guard value == 1 else { return }
            let finished = self.finishesOnAnotherThread {
                property.value = 2
                let extra = property.observeNext { _ in }
                extra.dispose()
                other.dispose()
                property.send(3)
                _ = property.value
            }
            outcomes.append(finished)
        }
        property.value = 1
        #expect(outcomes.value == [true])
        #expect(seen.value == [0, 1, 2, 3])
        observation.dispose()
    }

    @Test(arguments: [false, true])
    func sharedSignalObserverUsesTheSharedSignalReentrantlyAndFromAnotherThread(_ fromAnotherThread: Bool) {
        let finished = finishesOnAnotherThread {
            let subject = PassthroughSubject<Int, Never>()
            for shared in [subject.share(), subject.shareReplay(limit: 2), subject.replay(limit: 1).refCount()] {
                let other = shared.observeNext { _ in }
                let outcomes = Box<[Bool]>([])
                let seen = Box<[Int]>([])
                let first = shared.observeNext { value in
                    seen.append(value)
                    guard value == 1 else { return }
                    let work: @Sendable () -> Void = {
                        subject.send(2)
                        let extra = shared.observeNext { _ in }
                        extra.dispose()
                        other.dispose()
                    }
                    if fromAnotherThread {
                        outcomes.append(self.finishesOnAnotherThread(work))
                    } else {
                        work()
                        outcomes.append(true)
                    }
                }
                subject.send(1)
                #expect(outcomes.value == [true])
                #expect(seen.value.suffix(2) == [1, 2])
                first.dispose()
            }
        }
        #expect(finished)
    }
}
