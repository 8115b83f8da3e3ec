import Dispatch
import Foundation
@testable import StreamCore
import Synchronization
import TestSupport
import Testing

/// The junction's lock-free give-back (`RoleGate`): the role is taken under the lock with the
/// state change, and given back by compare-and-swap when nothing was queued behind the holder; a
/// thread that queues (or disposes) meanwhile makes the holder come to the lock instead.
@Suite struct JunctionGateTests {
    /// A junction state that counts its updates.
    struct Count: JunctionState {
        var value = 0
        mutating func detach() -> Self { self }
        func disposeUpstreams() {}
    }

    private func gate(_ junction: Junction<Count, Int, Never>) -> RoleGate {
        junction.gate.load(ordering: .acquiring)
    }

    @Test func anUncontendedDeliveryGivesTheRoleBackLockFree() {
        let received = Box<[Int]>([])
        let junction = Junction<Count, Int, Never>(
            Count(),
            downstream: Observer { event in
                if case .next(let value) = event { received.mutate { $0.append(value) } }
            })
        junction.send(.next(1))
        #expect(gate(junction) == .idle)
        junction.send(.next(2))
        #expect(gate(junction) == .idle)
        #expect(received.value == [1, 2])
    }

    @Test func anEventQueuedFromAnotherThreadDuringALockFreeDeliveryIsDeliveredByTheHolder() {
        let blocking = BlockingDelivery()
        let gates = Box<[RoleGate]>([])
        let junction = Junction<Count, Int, Never>(
            Count(),
            downstream: Observer { event in
                if case .next(let value) = event { blocking.handle(value) }
            })
        let finished = blocking.whileHeld(sending: { junction.send(.next(1)) }) {
            gates.mutate { $0.append(gate(junction)) }
            junction.send(.next(2))  // queued for the holder: returns at once
            gates.mutate { $0.append(gate(junction)) }
            #expect(blocking.received.value == [1])
        }
        #expect(finished)
        #expect(blocking.received.value == [1, 2])
        #expect(gates.value == [.held, .locked])
        // The role is idle again: the next event is delivered at once by its sender.
        junction.send(.next(3))
        #expect(blocking.received.value == [1, 2, 3])
    }

    @Test func aDisposalDuringALockFreeDeliveryStopsTheHolderAndReleasesTheDownstreamOnce() {
        let blocking = BlockingDelivery()
        let released = Box(0)
        let junction = Junction<Count, Int, Never>(Count(), downstream: Self.observer(blocking, released: released))
        let finished = blocking.whileHeld(sending: { junction.send(.next(1)) }) {
            junction.dispose()
            #expect(gate(junction) == .locked)
            #expect(junction.update { _, output in output = .next(2) } == nil)  // refused: closed
        }
        #expect(finished)
        #expect(blocking.received.value == [1])
        #expect(released.value == 1)  // by the holder, when it came to the lock
    }

    /// An observer handing elements to `blocking`, whose handler holds a payload counting its
    /// release.
    private static func observer(_ blocking: BlockingDelivery, released: Box<Int>) -> Observer<Int, Never> {
        let probe = DeinitProbe { released.mutate { $0 += 1 } }
        return Observer { event in
            withExtendedLifetime(probe) {}
            if case .next(let value) = event { blocking.handle(value) }
        }
    }

    @Test func sendersOnFourThreadsLoseNothingAndNeverOverlap() {
        let count = Atomic<Int>(0)
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let junction = Junction<Count, Int, Never>(
            Count(),
            downstream: Observer { _ in
                if inside.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                    overlaps.add(1, ordering: .relaxed)
                }
                count.add(1, ordering: .relaxed)
                inside.subtract(1, ordering: .acquiringAndReleasing)
            })
        runConcurrently(threads: 4) { _ in
            for value in 0..<20_000 {
                junction.update { state, output in
                    state.value += 1
                    output = .next(value)
                }
            }
        }
        #expect(count.load(ordering: .relaxed) == 80_000)
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(gate(junction) != .held)
    }
}
