import Dispatch
import Foundation
@testable import StreamCore
import TestSupport
import Testing

/// The subject's engine on the shared ``DeliveryRole`` (issue 18): disposals queued for the role
/// holder, a close while the holder delivers, and a closed core. Each observer's closure holds a
/// ``DeinitProbe`` whose `deinit` counts and then takes the core's lock (`observerCount`): released
/// under the lock it would hang (each scenario runs on another thread with a bounded wait), and
/// a closure never released leaves the count short.
@Suite struct SubjectCoreRoleTests {
    /// An observer whose closure holds a payload counting its release into `released`.
    private func observer(
        of core: SubjectCore<Int, Never>, released: Box<Int>, received: Box<[Int]>,
        onNext: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> any Disposable {
        let payload = DeinitProbe {
            released.mutate { $0 += 1 }
            _ = core.observerCount  // takes the core's lock: hangs if released under it
        }
        return core.observe { event in
            withExtendedLifetime(payload) {}
            guard case .next(let value) = event else { return }
            received.mutate { $0.append(value) }
            onNext(value)
        }
    }

    @Test func aDisposalQueuedForTheHolderAndDroppedByACloseIsReleasedOnceOutsideTheLock() {
        let released = Box(0)
        let receivedA = Box<[Int]>([])
        let receivedB = Box<[Int]>([])
        let whileHeld = Box(0)
        let finished = finishesOnAnotherThread {
            let core = SubjectCore<Int, Never>()
            let second = Box<(any Disposable)?>(nil)
            let first = observer(of: core, released: released, received: receivedA) { value in
                guard value == 1 else { return }
                second.value?.dispose()  // queued: we hold the role
                core.close()  // drops the queued removal: the holder must release it
            }
            second.mutate { $0 = observer(of: core, released: released, received: receivedB) }
            core.send(.next(1))
            core.send(.next(2))
            // Both closures are released though the test still holds both disposables.
            whileHeld.mutate { $0 = released.value }
            withExtendedLifetime((first, second)) {}
        }
        #expect(finished)
        #expect(whileHeld.value == 2)
        #expect(receivedA.value == [1])
        #expect(receivedB.value == [])
    }

    @Test func aDisposalWhileTheRoleIsClosingIsReleasedByTheHolderOutsideTheLock() {
        let released = Box(0)
        let receivedB = Box<[Int]>([])
        let whileHeld = Box(0)
        let finished = finishesOnAnotherThread {
            let core = SubjectCore<Int, Never>()
            let second = Box<(any Disposable)?>(nil)
            let first = observer(of: core, released: released, received: Box([])) { value in
                guard value == 1 else { return }
                core.close()  // the role is closing: we still hold it
                second.value?.dispose()  // left to the holder, which is walking the slots
            }
            second.mutate { $0 = observer(of: core, released: released, received: receivedB) }
            core.send(.next(1))
            whileHeld.mutate { $0 = released.value }
            withExtendedLifetime((first, second)) {}
        }
        #expect(finished)
        #expect(whileHeld.value == 2)
        #expect(receivedB.value == [])
    }

    @Test func aClosedCoreEndsNewObserversAtOnceAndRefusesSends() {
        let released = Box(0)
        let received = Box<[Int]>([])
        let whileHeld = Box(0)
        let refused = Box(false)
        let finished = finishesOnAnotherThread {
            let core = SubjectCore<Int, Never>(replay: 1, initial: 0)
            core.close()
            let late = observer(of: core, released: released, received: received)
            whileHeld.mutate { $0 = released.value }
            refused.mutate { $0 = !core.send(.next(1)) && core.observerCount == 0 }
            late.dispose()
        }
        #expect(finished)
        #expect(whileHeld.value == 1)
        #expect(refused.value)
        #expect(received.value == [])
    }

    @Test func anObserverQueuedBehindACloseIsEndedWithoutAnEvent() {
        let released = Box(0)
        let receivedLate = Box<[Int]>([])
        let whileHeld = Box(0)
        let finished = finishesOnAnotherThread {
            let core = SubjectCore<Int, Never>(replay: 1)
            let late = Box<(any Disposable)?>(nil)
            let first = observer(of: core, released: released, received: Box([])) { value in
                guard value == 1 else { return }
                // Queued: we hold the role; the close then drops it.
                late.mutate { $0 = observer(of: core, released: released, received: receivedLate) }
                core.send(.next(2))  // queued, dropped by the close
                core.close()
            }
            core.send(.next(1))
            whileHeld.mutate { $0 = released.value }
            withExtendedLifetime((first, late)) {}
        }
        #expect(finished)
        #expect(whileHeld.value == 2)
        #expect(receivedLate.value == [])
    }

    /// Sends, registrations, disposals and a close from four threads: every observer's closure is
    /// released exactly once (the count) and never under the lock, and a closed core delivers
    /// nothing. Run under ThreadSanitizer in CI.
    @Test func closeRacingSendsAndDisposalsReleasesEveryObserverOnce() {
        for _ in 0..<40 {
            let released = Box(0)
            let registered = Box(0)
            let settled = Box(false)
            let finished = finishesOnAnotherThread {
                let core = SubjectCore<Int, Never>()
                let closed = Box(false)
                let late = Box(0)
                let kept = Box<[any Disposable]>([])
                for _ in 0..<8 {
                    registered.mutate { $0 += 1 }
                    let disposable = observer(of: core, released: released, received: Box([])) { _ in
                        if closed.value { late.mutate { $0 += 1 } }
                    }
                    kept.mutate { $0.append(disposable) }
                }
                runConcurrently(threads: 4) { thread in
                    switch thread {
                    case 0:
                        for value in 0..<300 { core.send(.next(value)) }
                    case 1:
                        for _ in 0..<60 {
                            registered.mutate { $0 += 1 }
                            observer(of: core, released: released, received: Box([])).dispose()
                        }
                    case 2:
                        for disposable in kept.value.prefix(4) { disposable.dispose() }
                        core.close()
                    default:
                        for value in 0..<300 { core.send(.next(-value)) }
                    }
                }
                // Idle now: a send after the close reaches nobody.
                closed.mutate { $0 = true }
                let refused = !core.send(.next(-1))
                // Every closure released while the test still holds the first eight disposables.
                let allReleased = released.value == registered.value
                settled.mutate { $0 = refused && allReleased && late.value == 0 && core.observerCount == 0 }
                withExtendedLifetime(kept) {}
            }
            #expect(finished)
            #expect(settled.value)
            #expect(released.value == registered.value)
        }
    }
}
