import Dispatch
import Foundation
@testable import StreamCore
import Synchronization
import TestSupport
import Testing

/// The subject's lock-free role gate (`RoleGate`): an element sent while nobody holds the role
/// takes it and gives it back with compare-and-swaps; everything else hands a lock-free holder's
/// role to the locked role, which queues for it; a terminated core keeps the gate locked for good.
@Suite struct SubjectGateTests {
    private func gate(_ core: SubjectCoreBase) -> RoleGate {
        core.gate.load(ordering: .acquiring)
    }

    @Test func sendsRegistrationsAndDisposalsLeaveTheGateOpen() {
        let core = SubjectCore<Int, Never>()
        defer { core.close() }  // a raw core is closed by its owner: registered nodes hold it
        let received = Box<[Int]>([])
        let observation = core.observe { event in
            if case .next(let value) = event { received.mutate { $0.append(value) } }
        }
        #expect(gate(core) == .idle)
        core.send(.next(1))
        #expect(gate(core) == .idle)
        // A replaying core registers through the locked role, and opens the gate afterwards.
        let replaying = SubjectCore<Int, Never>(replay: 1)
        defer { replaying.close() }  // a raw core is closed by its owner: registered nodes hold it
        replaying.send(.next(7))
        let late = replaying.observe { _ in }
        #expect(gate(replaying) == .idle)
        late.dispose()
        #expect(gate(replaying) == .idle)
        observation.dispose()
        #expect(gate(core) == .idle)
        #expect(received.value == [1])
    }

    @Test func aSendFromAnObserverIsQueuedAndTheGateReopensAfterTheDrain() {
        let core = SubjectCore<Int, Never>()
        defer { core.close() }  // a raw core is closed by its owner: registered nodes hold it
        let received = Box<[Int]>([])
        let gateDuringDelivery = Box<[RoleGate]>([])
        let observation = core.observe { event in
            guard case .next(let value) = event else { return }
            received.mutate { $0.append(value) }
            gateDuringDelivery.mutate { $0.append(self.gate(core)) }
            if value == 1 { core.send(.next(2)) }  // queued behind our delivery
        }
        core.send(.next(1))
        // The re-entrant send found the role held lock-free and handed it to the locked role.
        #expect(received.value == [1, 2])
        #expect(gateDuringDelivery.value == [.held, .locked])
        #expect(gate(core) == .idle)
        core.send(.next(3))
        #expect(received.value == [1, 2, 3])
        withExtendedLifetime(observation) {}
    }

    @Test func aTerminatedCoreKeepsTheGateLockedAndRefusesElements() {
        let core = SubjectCore<Int, Never>(replay: 2)
        defer { core.close() }  // a raw core is closed by its owner: registered nodes hold it
        core.send(.next(1))
        core.send(.completed)
        #expect(gate(core) == .locked)
        #expect(core.send(.next(2)) == false)
        #expect(gate(core) == .locked)
        // The element refused after the terminal event never reached the replay buffer.
        let late = Box<[String]>([])
        _ = core.observe { event in
            late.mutate { $0.append(event.isTerminal ? "end" : "\(event.element ?? -1)") }
        }
        #expect(late.value == ["1", "end"])
        #expect(gate(core) == .locked)

        let closed = SubjectCore<Int, Never>()
        closed.close()
        #expect(gate(closed) == .locked)
        #expect(closed.send(.next(1)) == false)
    }

    /// An observer whose closure alone holds a payload counting its release into `released`; the
    /// payload's `deinit` takes the core's lock, so a release under the lock hangs.
    private func observer(
        of core: SubjectCore<Int, Never>, released: Box<Int>, received: Box<[Int]>
    ) -> any Disposable {
        let probe = DeinitProbe {
            released.mutate { $0 += 1 }
            _ = core.observerCount
        }
        return core.observe { event in
            withExtendedLifetime(probe) {}
            if case .next(let value) = event { received.mutate { $0.append(value) } }
        }
    }

    /// Holds the first delivery of `core`'s element 1 on another thread until `body` returns.
    private func whileDeliveringOnAnotherThread(
        _ core: SubjectCore<Int, Never>, received: Box<[Int]>, _ body: () -> Void
    ) -> (any Disposable, Bool) {
        let blocking = BlockingDelivery()
        let observation = core.observe { event in
            guard case .next(let value) = event else { return }
            received.mutate { $0.append(value) }
            blocking.handle(value)
        }
        let finished = blocking.whileHeld(sending: { core.send(.next(1)) }, body)
        return (observation, finished)
    }

    @Test func aRegistrationDuringALockFreeDeliveryIsQueuedAndReceivesOnlyLaterEvents() {
        let core = SubjectCore<Int, Never>()
        defer { core.close() }  // a raw core is closed by its owner: registered nodes hold it
        let first = Box<[Int]>([])
        let second = Box<[Int]>([])
        let gates = Box<[RoleGate]>([])
        var joined: (any Disposable)?
        let (observation, finished) = whileDeliveringOnAnotherThread(core, received: first) {
            gates.mutate { $0.append(gate(core)) }
            // Returns at once: the holder registers the observer after delivering 1.
            joined = core.observe { event in
                if case .next(let value) = event { second.mutate { $0.append(value) } }
            }
            gates.mutate { $0.append(gate(core)) }
        }
        #expect(finished)
        #expect(gates.value == [.held, .locked])
        #expect(gate(core) == .idle)
        core.send(.next(2))
        #expect(first.value == [1, 2])
        #expect(second.value == [2])
        withExtendedLifetime((observation, joined)) {}
    }

    @Test func aDisposalDuringALockFreeDeliveryIsAppliedByTheHolderAndReleasedOutsideTheLock() {
        let core = SubjectCore<Int, Never>()
        defer { core.close() }  // a raw core is closed by its owner: registered nodes hold it
        let first = Box<[Int]>([])
        let second = Box<[Int]>([])
        let released = Box(0)
        let doomed = observer(of: core, released: released, received: second)
        let (observation, finished) = whileDeliveringOnAnotherThread(core, received: first) {
            doomed.dispose()
            #expect(gate(core) == .locked)
        }
        #expect(finished)
        #expect(released.value == 1)
        #expect(gate(core) == .idle)
        core.send(.next(2))
        #expect(first.value == [1, 2])
        // Registered first, so reached by 1 before the delivery stopped; nothing after disposal.
        #expect(second.value == [1])
        withExtendedLifetime(observation) {}
    }

    /// What a lock-free holder does when a send from another thread queued behind it (the window
    /// is too short to hit reliably through two sends): its lock-free give-back fails, and it
    /// delivers the queued send before giving the role back under the mutex.
    @Test func aRoleTakenLockFreeDeliversWhatWasQueuedBehindItBeforeGivingItBack() {
        let core = SubjectCore<Int, Never>()
        defer { core.close() }  // a raw core is closed by its owner: registered nodes hold it
        let received = Box<[Int]>([])
        let observation = core.observe { event in
            if case .next(let value) = event { received.mutate { $0.append(value) } }
        }
        #expect(core.takeLockFree())
        let sent = finishesOnAnotherThread { core.send(.next(1)) }  // queued for us
        #expect(sent)
        #expect(received.value == [])
        #expect(gate(core) == .locked)
        core.giveBack()
        #expect(received.value == [1])
        #expect(gate(core) == .idle)
        withExtendedLifetime(observation) {}
    }

    @Test func sendsRacingRegistrationsAndDisposalsLoseNothing() {
        let core = SubjectCore<Int, Never>()
        defer { core.close() }  // a raw core is closed by its owner: registered nodes hold it
        let counted = Atomic<Int>(0)
        let permanent = core.observe { event in
            if case .next = event { counted.add(1, ordering: .relaxed) }
        }
        let perSender = 20_000
        runConcurrently(threads: 4) { thread in
            if thread < 2 {
                for value in 0..<perSender { core.send(.next(value)) }
            } else {
                // Registrations and disposals close the gate under the mutex while they edit the
                // slots: a send meanwhile goes through the locked role, and none is lost.
                for _ in 0..<perSender {
                    let churn = core.observe { _ in }
                    churn.dispose()
                }
            }
        }
        #expect(counted.load(ordering: .relaxed) == 2 * perSender)
        #expect(gate(core) == .idle)
        #expect(core.observerCount == 1)
        withExtendedLifetime(permanent) {}
    }
}
