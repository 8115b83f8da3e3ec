import Dispatch
import Foundation
import StoreKitLite
import StreamCore
import Synchronization
import Testing

/// The dispose promise under preemption, as Decision 0015's addendum words it (issue 33): two
/// threads send nonstop, a third disposes. Once `dispose()` has returned,
/// - no event whose send began after that reaches the handler, and
/// - the handler is entered at most once more: by the one delivery that had already passed its
///   last disposal check on another thread (a check-then-call window `dispose()` does not wait
///   out, see the decision for why).
///
/// The old words ("not entered again") failed here in up to 23 % of rounds; these are the words
/// the rounds prove. Each family is the observation users make: a bare subject, `Property`,
/// `map`, `combineLatest`, `shareReplay`, `flatMapLatest`, `receive(on:)` and a store observer.
@Suite struct DisposeUnderPreemptionTests {
    /// Every event carries the send's sequence number; sends that began after `dispose()`
    /// returned carry numbers at or above `fence`.
    final class Round: Sendable {
        let sequence = Atomic<Int>(0)
        let fence = Atomic<Int>(.max)
        let disposeReturned = Atomic<Bool>(false)
        let lateEntries = Atomic<Int>(0)
        let lateSentDelivered = Atomic<Int>(0)
        let inHandler = Atomic<Int>(0)
        let overlapping = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)

        func handle(_ value: Int) {
            if inHandler.add(1, ordering: .acquiringAndReleasing).newValue > 1 { overlapping.add(1, ordering: .relaxed) }
            if disposeReturned.load(ordering: .acquiring) { lateEntries.add(1, ordering: .relaxed) }
            if value >= fence.load(ordering: .acquiring) { lateSentDelivered.add(1, ordering: .relaxed) }
            inHandler.subtract(1, ordering: .acquiringAndReleasing)
        }
    }

    /// What the `receive(on:)` family keeps: its queue, drained before the counts are read.
    struct Flush: Sendable {
        let queue: DispatchQueue
        let subject: PassthroughSubject<Int, Never>
    }

    /// One family: makes a source, observes it through the family's operator, and says how to
    /// send into it.
    struct Family: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable (Round) -> (observation: any Disposable, send: @Sendable (Int) -> Void, keep: any Sendable)
        var testDescription: String { name }
    }

    static let families: [Family] = [
        Family(name: "subject") { round in
            let subject = PassthroughSubject<Int, Never>()
            return (subject.observeNext { round.handle($0) }, { subject.send($0) }, subject)
        },
        Family(name: "Property") { round in
            let property = Property(-1)
            return (property.dropFirst(1).observeNext { round.handle($0) }, { property.value = $0 }, property)
        },
        Family(name: "map") { round in
            let subject = PassthroughSubject<Int, Never>()
            return (subject.map { $0 }.observeNext { round.handle($0) }, { subject.send($0) }, subject)
        },
        Family(name: "combineLatest") { round in
            let left = PassthroughSubject<Int, Never>()
            let right = PassthroughSubject<Int, Never>()
            let observation = left.combineLatest(with: right).map { max($0, $1) }.observeNext { round.handle($0) }
            right.send(-1)
            return (observation, { left.send($0) }, [left, right])
        },
        Family(name: "shareReplay") { round in
            let subject = PassthroughSubject<Int, Never>()
            let shared = subject.shareReplay(limit: 1)
            return (shared.observeNext { round.handle($0) }, { subject.send($0) }, (subject, shared))
        },
        Family(name: "flatMapLatest") { round in
            let subject = PassthroughSubject<Int, Never>()
            let observation = subject.flatMapLatest { Signal<Int, Never>(just: $0) }.observeNext { round.handle($0) }
            return (observation, { subject.send($0) }, subject)
        },
        Family(name: "receive(on:)") { round in
            let subject = PassthroughSubject<Int, Never>()
            let queue = DispatchQueue(label: "DisposeUnderPreemptionTests.hop")
            return (subject.receive(on: queue.context).observeNext { round.handle($0) }, { subject.send($0) }, Flush(queue: queue, subject: subject))
        },
        Family(name: "store observer") { round in
            let store = Store(initialState: -1, reducer: Reducer<Int, Int>(mutating: { state, action in state = action }))
            return (store.dropFirst(1).observeNext { round.handle($0) }, { store.dispatch($0) }, store)
        },
    ]

    /// Rounds per family: bounded for CI (the sanitizer step runs them too); the soak in the
    /// closing note ran more.
    static let rounds = ProcessInfo.processInfo.environment["RT_DISPOSE_ROUNDS"].flatMap(Int.init) ?? 150

    @Test(arguments: families)
    func disposeStopsNewEventsAndAtMostTheOneInFlightEntersLate(_ family: Family) throws {
        var late = 0
        for _ in 0..<Self.rounds {
            let round = Round()
            let (observation, send, keep) = family.make(round)
            let started = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            for _ in 0..<2 {
                Thread.detachNewThread {
                    started.signal()
                    while !round.stop.load(ordering: .relaxed) {
                        send(round.sequence.add(1, ordering: .relaxed).newValue)
                    }
                    finished.signal()
                }
            }
            started.wait()
            started.wait()
            // Let both senders run into the source before the third thread disposes.
            while round.sequence.load(ordering: .relaxed) < 200 { sched_yield() }
            let disposer = Thread {
                observation.dispose()
                // Every send that takes a number from here on began after dispose() returned.
                round.fence.store(round.sequence.load(ordering: .acquiring) + 1, ordering: .releasing)
                round.disposeReturned.store(true, ordering: .releasing)
                finished.signal()
            }
            disposer.start()
            #expect(finished.wait(timeout: .now() + 30) == .success, "dispose() did not return")
            // Keep sending for a while after dispose() returned.
            let after = round.sequence.load(ordering: .relaxed)
            while round.sequence.load(ordering: .relaxed) < after + 500 { sched_yield() }
            round.stop.store(true, ordering: .relaxed)
            #expect(finished.wait(timeout: .now() + 30) == .success)
            #expect(finished.wait(timeout: .now() + 30) == .success)
            // A hop's queued deliveries run out (refused or not) before the counts are read.
            (keep as? Flush)?.queue.sync {}
            withExtendedLifetime(keep) {}
            let entries = round.lateEntries.load(ordering: .relaxed)
            #expect(entries <= 1, "\(family.name): the handler was entered \(entries) times after dispose() returned")
            #expect(round.lateSentDelivered.load(ordering: .relaxed) == 0, "\(family.name): an event sent after dispose() returned was delivered")
            #expect(round.overlapping.load(ordering: .relaxed) == 0, "\(family.name): deliveries overlapped")
            late += entries
        }
        // The window is real (the old words failed here); it is reported, not required.
        print("DisposeUnderPreemptionTests \(family.name): \(late) of \(Self.rounds) rounds had the in-flight entry after dispose() returned")
    }
}
