import Dispatch
import Foundation
@testable import StreamCore
import TestSupport
import Testing

/// `observeNext` on the subjects (an element handler kept as given, no wrapping closure) and the
/// observer slots' upkeep: the newest observer leaves without a hole, holes are compacted in
/// place in registration order, and storage is given back once the slots are sparse.
@Suite struct SubjectObserveNextTests {
    @Test func eachSubjectGivesElementsInOrderAndEndsTheObservationAtItsTerminalEvent() {
        let passthrough = PassthroughSubject<Int, TestError>()
        let current = CurrentValueSubject<Int, TestError>(0)
        let replay = ReplaySubject<Int, TestError>(bufferSize: 2)
        let replayOne = ReplayOneSubject<Int, TestError>()
        replay.send(-2)
        replay.send(-1)
        replayOne.send(-1)
        let received = Box<[String: [Int]]>([:])
        func record(_ name: String) -> @Sendable (Int) -> Void {
            { value in received.mutate { $0[name, default: []].append(value) } }
        }
        let disposables = [
            passthrough.observeNext(with: record("passthrough")),
            current.observeNext(with: record("current")),
            replay.observeNext(with: record("replay")),
            replayOne.observeNext(with: record("replayOne")),
        ]
        for value in 1...3 {
            passthrough.send(value)
            current.send(value)
            replay.send(value)
            replayOne.send(value)
        }
        passthrough.send(completion: .failure(.boom))
        current.send(completion: .finished)
        replay.send(completion: .failure(.boom))
        replayOne.send(completion: .finished)
        passthrough.send(9)
        current.send(9)
        #expect(received.value["passthrough"] == [1, 2, 3])
        #expect(received.value["current"] == [0, 1, 2, 3])
        #expect(received.value["replay"] == [-2, -1, 1, 2, 3])
        #expect(received.value["replayOne"] == [-1, 1, 2, 3])
        // The terminal event ended every observation: nothing is registered any more.
        #expect(passthrough.observerCount == 0)
        #expect(disposables.allSatisfy { ($0 as? ObserverSlot)?.isDisposed == true })
    }

    @Test func aPropertyGivesItsValueFirstThenEveryChange() {
        let property = Property("a")
        let received = Box<[String]>([])
        let disposable = property.observeNext { value in received.mutate { $0.append(value) } }
        property.value = "b"
        disposable.dispose()
        property.value = "c"
        #expect(received.value == ["a", "b"])
    }

    @Test func anElementObserverIsReleasedOnceOutsideTheLockWhenTheSubjectTerminates() {
        let released = Box(0)
        let received = Box<[Int]>([])
        let finished = finishesOnAnotherThread {
            let subject = PassthroughSubject<Int, Never>()
            let payload = DeinitProbe {
                released.mutate { $0 += 1 }
                _ = subject.observerCount  // takes the subject's lock: hangs if released under it
            }
            let disposable = subject.observeNext { value in
                withExtendedLifetime(payload) {}
                received.mutate { $0.append(value) }
            }
            subject.send(1)
            subject.send(completion: .finished)
            disposable.dispose()  // already ended: a no-op
            subject.send(2)
        }
        #expect(finished)
        #expect(received.value == [1])
        #expect(released.value == 1)
    }

    @Test func theNewestObserverLeavesWithoutAHoleAndTrailingHolesGoWithIt() {
        let subject = PassthroughSubject<Int, Never>()
        for _ in 0..<1_000 {
            subject.observeNext { _ in }.dispose()
        }
        #expect(subject.core.slots.count == 0)
        #expect(subject.core.holes == 0)

        let first = subject.observeNext { _ in }
        let second = subject.observeNext { _ in }
        let third = subject.observeNext { _ in }
        second.dispose()  // not the newest: a hole
        #expect(subject.core.slots.count == 3)
        #expect(subject.core.holes == 1)
        third.dispose()  // the newest: it and the hole before it go
        #expect(subject.core.slots.count == 1)
        #expect(subject.core.holes == 0)
        #expect(subject.observerCount == 1)
        first.dispose()
        #expect(subject.core.slots.isEmpty)
    }

    @Test func compactionKeepsTheRegistrationOrderAndEveryIndex() {
        let subject = PassthroughSubject<Int, Never>()
        let order = Box<[Int]>([])
        let disposables = (0..<200).map { id in
            subject.observeNext { _ in order.mutate { $0.append(id) } }
        }
        // Dispose a scattered 150 (never the newest): enough holes to compact more than once.
        var rng = SystemRandomNumberGenerator()
        let gone = Set((0..<199).shuffled(using: &rng).prefix(150))
        for id in gone.sorted(by: >) { disposables[id].dispose() }
        #expect(subject.core.holes < 150)  // compacted at least once
        subject.send(0)
        let kept = (0..<200).filter { !gone.contains($0) }
        #expect(order.value == kept)
        // Every kept node knows its slot: disposing each one now takes exactly that slot.
        for id in kept.shuffled(using: &rng) { disposables[id].dispose() }
        #expect(subject.observerCount == 0)
        order.value = []
        subject.send(1)
        #expect(order.value.isEmpty)
    }

    @Test func slotsThatEmptyGiveBackTheirStorage() {
        let fromTheFront = PassthroughSubject<Int, Never>()
        var front = (0..<1_000).map { _ in fromTheFront.observeNext { _ in } }
        #expect(fromTheFront.core.slots.capacity >= 1_000)
        for disposable in front.prefix(990) { disposable.dispose() }
        #expect(fromTheFront.observerCount == 10)
        #expect(fromTheFront.core.slots.capacity <= 256)
        front.removeAll()

        let fromTheBack = PassthroughSubject<Int, Never>()
        let back = (0..<1_000).map { _ in fromTheBack.observeNext { _ in } }
        for disposable in back.suffix(995).reversed() { disposable.dispose() }
        #expect(fromTheBack.observerCount == 5)
        #expect(fromTheBack.core.slots.capacity <= 64)
        let received = Box(0)
        let probe = fromTheBack.observeNext { _ in received.mutate { $0 += 1 } }
        fromTheBack.send(1)
        #expect(received.value == 1)
        probe.dispose()
    }

    @Test func elementObserversChurningOnFourThreadsWhileOneSendsEndWithNoneRegistered() {
        let subject = PassthroughSubject<Int, Never>()
        let delivered = Box(0)
        let anchor = subject.observeNext { _ in delivered.mutate { $0 += 1 } }
        let group = DispatchGroup()
        for worker in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                var held: [any Disposable] = []
                for round in 0..<2_000 {
                    held.append(subject.observeNext { _ in })
                    if round % 3 == worker % 3, !held.isEmpty {
                        held.remove(at: (round * 7) % held.count).dispose()
                    }
                    if held.count > 20 { held.removeFirst().dispose() }
                }
                held.forEach { $0.dispose() }
                group.leave()
            }
        }
        group.enter()
        Thread.detachNewThread {
            for value in 0..<5_000 { subject.send(value) }
            group.leave()
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(delivered.value == 5_000)
        anchor.dispose()
        #expect(subject.observerCount == 0)
    }
}
