import Dispatch
@testable import StreamCore
import Synchronization
import TestSupport
import Testing

/// `flatMapLatest` reuses the link of an inner that completed for the next inner, when nothing
/// else holds it (W5: no allocation of the operator's own per `just` inner). What must hold: a
/// reused link's lifetime reads as live for its new inner, and a link that a producer still holds
/// (it kept its observer) is never reused, so that producer cannot reach the next inner.
@Suite struct SwitchLinkReuseTests {
    /// The previous inner's lifetime object, held weakly: it is still there for the next inner
    /// only if the link was kept (and reused), since nothing else holds a completed inner's link.
    struct PreviousLifetime: @unchecked Sendable {
        // @unchecked Sendable: only read and written inside a `Box`, under its lock.
        weak var object: AnyObject?
    }

    /// Records, for each inner, whether its observer's lifetime is the previous inner's object.
    private static func recordReuse(
        of observer: Observer<Int, Never>,
        previous: Box<PreviousLifetime>,
        reused: Box<[Bool]>
    ) {
        guard let lifetime = observer.lifetime else { return }
        let current = lifetime as AnyObject
        previous.mutate { previous in
            let same = previous.object === current
            reused.mutate { $0.append(same) }
            previous.object = current
        }
    }

    // Inners are trusted producers (`Signal.trusted`), so that the observer they are handed
    // carries the link itself as its lifetime.

    @Test func theLinkOfASynchronouslyCompletedInnerIsReusedAndReadsAsLive() {
        let outer = PassthroughSubject<Int, Never>()
        let previous = Box(PreviousLifetime())
        let reused = Box<[Bool]>([])
        let recorder = Recorder<Int, Never>()
        let observation = outer.flatMapLatest { value in
            Signal<Int, Never>.trusted({ observer in
                Self.recordReuse(of: observer, previous: previous, reused: reused)
                // Sends nothing once its lifetime reads as disposed.
                for element in [value * 10, value * 10 + 1] where !observer.isDisposed {
                    observer.receive(element)
                }
                observer.on(.completed)
                return NonDisposable.instance
            })
        }.observe(with: recorder.observer)
        for value in 0..<5 { outer.send(value) }
        #expect(reused.value == [false, true, true, true, true])
        // Every inner ran to its end: the reused link read as live each time.
        #expect(recorder.elements == [0, 1, 10, 11, 20, 21, 30, 31, 40, 41])
        outer.send(completion: .finished)
        #expect(recorder.events.last == .completed)
        observation.dispose()
    }

    @Test func aLinkWhoseObserverIsStillHeldIsNotReused() {
        let outer = PassthroughSubject<Int, Never>()
        let previous = Box(PreviousLifetime())
        let reused = Box<[Bool]>([])
        let kept = Box<[Observer<Int, Never>]>([])
        let recorder = Recorder<Int, Never>()
        let observation = outer.flatMapLatest { value in
            Signal<Int, Never>.trusted({ observer in
                Self.recordReuse(of: observer, previous: previous, reused: reused)
                kept.mutate { $0.append(observer) }  // the producer keeps its observer
                observer.receive(value)
                if value == 1 { observer.on(.completed) }  // the second inner stays live
                return NonDisposable.instance
            })
        }.observe(with: recorder.observer)
        outer.send(1)
        outer.send(2)
        // The first inner's producer sends again through the observer it kept while the second
        // inner is live: its link was not handed to the second inner, so nothing gets through.
        kept.value[0].receive(99)
        kept.value[1].receive(3)
        #expect(reused.value == [false, false])
        #expect(recorder.elements == [1, 2, 3])
        observation.dispose()
    }

    @Test func anAbandonedObservationIsReleasedWhenItsOuterSubjectGoesAway() {
        // Nobody disposes the observation and the outer never completes: when the subject is
        // deallocated, the spare link (which references the junction, which holds it) must not
        // keep the observation, its downstream and what the downstream captured alive.
        weak var released: DeinitProbe?
        do {
            let outer = PassthroughSubject<Int, Never>()
            let probe = DeinitProbe {}
            released = probe
            _ = outer.flatMapLatest { Signal<Int, Never>.just($0) }.observe { _ in _ = probe }
            outer.send(1)
            outer.send(2)
        }
        #expect(released == nil)
    }

    @Test func innersCompletingOnOtherThreadsWhileTheOuterSwitches() {
        // Each inner answers and completes on a global queue (its link is retired and kept as the
        // spare there) while the outer keeps switching: a generation never arrives after a newer
        // one, and the last inner, never replaced, is delivered. In the first half, the outer
        // waits for every third inner to complete before switching, through a relaxed counter
        // (no happens-before that ThreadSanitizer sees), so the next inner reuses a link retired
        // on another thread with nothing but the link's own synchronisation ordering the two.
        let outer = PassthroughSubject<Int, Never>()
        let pending = DispatchGroup()
        let completed = RelaxedCounter()
        let previous = Box(PreviousLifetime())
        let reused = Box<[Bool]>([])
        let recorder = Recorder<Int, Never>()
        let observation = outer.flatMapLatest { generation in
            Signal<Int, Never>.trusted({ observer in
                Self.recordReuse(of: observer, previous: previous, reused: reused)
                pending.enter()
                // The block holds the observer through a box it empties before counting, so the
                // link is free once counted (the queue may release the block later).
                let held = Box<Observer<Int, Never>?>(observer)
                DispatchQueue.global().async {
                    do {
                        if let observer = held.mutate({ $0.take() }) {
                            observer.receive(generation)
                            observer.on(.completed)
                        }
                    }
                    completed.increment()
                    pending.leave()
                }
                return NonDisposable.instance
            })
        }.observe(with: recorder.observer)
        for generation in 1...2_000 {
            outer.send(generation)
            if generation <= 1_000, generation % 3 == 0 {
                while completed.value < generation {}
            }
        }
        pending.wait()
        let generations = recorder.elements
        #expect(zip(generations, generations.dropFirst()).allSatisfy { $0 < $1 })
        #expect(generations.last == 2_000)
        #expect(generations.count >= 1_000 / 3)
        // After each wait the last inner completed as the live one: the next one reuses its link.
        #expect(reused.value.count { $0 } >= 1_000 / 3)
        observation.dispose()
    }
}

/// A counter used with relaxed ordering only: ThreadSanitizer sees no happens-before through it.
private final class RelaxedCounter: Sendable {
    private let storage = Atomic<Int>(0)

    var value: Int { storage.load(ordering: .relaxed) }

    func increment() { storage.add(1, ordering: .relaxed) }
}
