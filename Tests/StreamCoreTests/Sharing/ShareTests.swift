import TestSupport
import Foundation
import StreamCore
import Testing

@Suite struct ShareTests {
    struct User: Equatable, Sendable {
        let name: String
        let email: String
    }

    /// ReactiveKit's documented example: the second observer does not fetch again but still
    /// gets the user.
    @Test func producerRunsOnceAndLateObserverStillGetsTheUser() {
        let fetches = AtomicCounter()
        let user = Signal<User, TestError>({ observer in
            fetches.increment()
            observer.receive(lastElement: User(name: "Jim", email: "jim@example.com"))
            return NonDisposable.instance
        }).share(limit: 1)
        let names = Recorder<String, TestError>()
        let emails = Recorder<String, TestError>()
        _ = user.map { $0.name }.observe(with: names.observer)
        _ = user.map { $0.email }.observe(with: emails.observer)
        #expect(fetches.value == 1)
        #expect(names.events == [.next("Jim"), .completed])
        #expect(emails.events == [.next("jim@example.com"), .completed])
    }

    @Test func terminatedSharedSignalIsNotRerunAfterEveryObserverLeft() {
        let fetches = AtomicCounter()
        let user = Signal<Int, TestError>({ observer in
            fetches.increment()
            observer.receive(lastElement: 42)
            return NonDisposable.instance
        }).share(limit: 1)
        user.observe(with: { _ in }).dispose()
        user.observe(with: { _ in }).dispose()
        let late = Recorder<Int, TestError>()
        _ = user.observe(with: late.observer)
        #expect(fetches.value == 1)
        #expect(late.events == [.next(42), .completed])
    }

    @Test func manyObserversShareOneProducerRun() {
        let source = CountingSource<Int>()
        let shared = source.signal.share(limit: 1)
        let recorders = (0..<10).map { _ in Recorder<Int, TestError>() }
        let observations = recorders.map { shared.observe(with: $0.observer) }
        source.send(1)
        source.send(2)
        #expect(source.subscriptions.value == 1)
        #expect(recorders.allSatisfy { $0.elements == [1, 2] })
        observations.forEach { $0.dispose() }
        #expect(source.active.value == 0)
    }

    @Test func shareReplaysNothingButTheTerminalEvent() {
        let source = CountingSource<Int>()
        let shared = source.signal.share()
        let early = Recorder<Int, TestError>()
        _ = shared.observe(with: early.observer)
        source.send(1)
        let late = Recorder<Int, TestError>()
        _ = shared.observe(with: late.observer)
        source.send(2)
        source.subject.send(completion: .finished)
        let afterEnd = Recorder<Int, TestError>()
        _ = shared.observe(with: afterEnd.observer)
        #expect(early.events == [.next(1), .next(2), .completed])
        #expect(late.events == [.next(2), .completed])
        #expect(afterEnd.events == [.completed])
        #expect(source.subscriptions.value == 1)
    }

    @Test func lateObserversGetTheLastLimitElementsAndTheFailure() {
        let source = CountingSource<Int>()
        let shared = source.signal.share(limit: 2)
        _ = shared.observe(with: { _ in })
        for element in 1...4 { source.send(element) }
        source.subject.send(completion: .failure(.boom))
        let late = Recorder<Int, TestError>()
        _ = shared.observe(with: late.observer)
        #expect(late.events == [.next(3), .next(4), .failed(.boom)])
        #expect(source.subscriptions.value == 1)
    }

    @Test(arguments: [1, 3, Int.max])
    func shareReplayAndShareLimitAreTheSameOperator(limit: Int) {
        func run(
            _ makeShared: (Signal<Int, TestError>) -> Signal<Int, TestError>
        )
            -> [[Signal<Int, TestError>.Event]]
        {
            let source = CountingSource<Int>()
            let shared = makeShared(source.signal)
            let first = Recorder<Int, TestError>()
            let observation = shared.observe(with: first.observer)
            source.send(1)
            source.send(2)
            let second = Recorder<Int, TestError>()
            _ = shared.observe(with: second.observer)
            observation.dispose()
            source.send(3)
            source.subject.send(completion: .finished)
            let third = Recorder<Int, TestError>()
            _ = shared.observe(with: third.observer)
            return [first.events, second.events, third.events, [.next(source.subscriptions.value)]]
        }
        let viaShare = run { $0.share(limit: limit) }
        #expect(viaShare == run { $0.shareReplay(limit: limit) })
        #expect(viaShare == run { $0.replay(limit: limit).refCount() })
        #expect(viaShare[2].last == .completed)
    }

    @Test func shareReplayDefaultsToReplayingEverything() {
        let shared = Signal<Int, Never>.sequence(1...50).shareReplay()
        _ = shared.observe(with: { _ in })
        let late = Recorder<Int, Never>()
        _ = shared.observe(with: late.observer)
        #expect(late.elements == Array(1...50))
    }

    /// Decision 0006: after everyone left, a new observer reconnects and first gets the buffer
    /// kept from the previous connection.
    @Test func reconnectRunsTheProducerAgainAfterReplayingTheOldBuffer() {
        let source = CountingSource<Int>()
        let shared = source.signal.share(limit: 1)
        shared.observe(with: { _ in }).dispose()
        let first = shared.observe(with: { _ in })
        source.send(1)
        first.dispose()
        #expect(source.active.value == 0)

        let recorder = Recorder<Int, TestError>()
        let second = shared.observe(with: recorder.observer)
        #expect(source.subscriptions.value == 3)
        source.send(2)
        #expect(recorder.elements == [1, 2])
        second.dispose()
    }

    // MARK: Lifetimes

    @Test func objectsCapturedByObserversAreReleasedAfterDispose() {
        let source = CountingSource<Int>()
        let shared = source.signal.share(limit: 1)
        weak var weakTracked: Tracked?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            let observation = shared.observe(with: { _ in _ = tracked })
            source.send(1)
            observation.dispose()
        }
        #expect(weakTracked == nil)
    }

    @Test func objectsCapturedByTheProducerAreReleasedWithTheSharedSignal() {
        weak var weakTracked: Tracked?
        let subject = PassthroughSubject<Int, Never>()
        do {
            let tracked = Tracked()
            weakTracked = tracked
            let shared = Signal<Int, Never>({ observer in
                _ = tracked
                return subject.observe(with: { observer.on($0) })
            }).share(limit: 1)
            let first = shared.observe(with: { _ in })
            let second = shared.observe(with: { _ in })
            subject.send(1)
            first.dispose()
            second.dispose()
        }
        #expect(weakTracked == nil)
        #expect(subject.observerCount == 0)
    }

    @Test func observerHoldingTheSharedSignalIsReleasedWhenTheSourceTerminates() {
        final class Holder: Sendable {
            let shared: Signal<Int, TestError>
            init(_ shared: Signal<Int, TestError>) { self.shared = shared }
        }
        let source = CountingSource<Int>()
        weak var weakHolder: Holder?
        do {
            let holder = Holder(source.signal.share(limit: 1))
            weakHolder = holder
            // Never disposed: the observer keeps the shared signal alive until termination.
            _ = holder.shared.observe(with: { _ in _ = holder })
            source.send(1)
        }
        #expect(weakHolder != nil)
        source.subject.send(completion: .finished)
        #expect(weakHolder == nil)
        #expect(source.active.value == 0)
    }

    // MARK: Threads

    /// 8 threads observe and dispose while another thread sends: one upstream connection at a
    /// time, per-observer order, and nothing sent after `dispose()` returned is delivered.
    @Test(arguments: [0, 1])
    func concurrentObserversShareOneConnectionAtATime(limit: Int) {
        let source = CountingSource<Int>()
        let shared = limit == 0 ? source.signal.share() : source.signal.share(limit: limit)
        let lastSent = AtomicCounter()
        let stop = AtomicCounter()
        let senderDone = DispatchSemaphore(value: 0)
        // A thread of its own: global dispatch workers are shared with the Swift executor.
        let sender = Thread {
            while stop.value == 0 {
                source.send(lastSent.increment())
            }
            senderDone.signal()
        }
        sender.start()

        let rounds = 500
        let outOfOrder = AtomicCounter()
        let delivered = AtomicCounter()
        let starved = AtomicCounter()
        // Each observer's highest element, and the highest number sent before its dispose returned.
        let cutoffs = LockedLog<(AtomicCounter, Int)>()
        runConcurrently(threads: 8) { _ in
            for round in 0..<rounds where starved.value == 0 {
                let last = AtomicCounter(Int.min)
                let firstElement = DispatchSemaphore(value: 0)
                let observation = shared.observe(with: { event in
                    guard let element = event.element else { return }
                    if element <= last.value { outOfOrder.increment() }
                    if last.value == Int.min { firstElement.signal() }
                    last.raise(to: element)
                    delivered.increment()
                })
                // Even rounds wait for an element (the sender keeps sending until every worker
                // is done; the timeout only turns a broken build's hang into a failure); odd
                // rounds leave at once, to churn connect/disconnect.
                if round.isMultiple(of: 2), firstElement.wait(timeout: .now() + 60) == .timedOut {
                    starved.increment()
                }
                observation.dispose()
                // Anything sent from now on carries a number above the cutoff.
                cutoffs.append((last, lastSent.value))
            }
        }
        stop.increment()
        senderDone.wait()

        #expect(source.maxActive.value == 1)
        #expect(source.active.value == 0)
        #expect(source.subscriptions.value == source.disposals.value)
        #expect(starved.value == 0)
        #expect(outOfOrder.value == 0)
        #expect(delivered.value >= 8 * rounds / 2)
        // Checked once the sender has stopped, so a late delivery would have raised `last`.
        #expect(cutoffs.values.allSatisfy { last, cutoff in last.value <= cutoff })
        #expect(cutoffs.values.count == 8 * rounds)
    }
}
