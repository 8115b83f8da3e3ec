import Foundation
@testable import StreamCore
import StreamCoreTesting
import Testing

@Suite struct TimedObservationTests {
    /// An engine whose timer sends the number of times it fired.
    private func makeEngine(
        scheduler: TestScheduler,
        recorder: TestRecorder<Int, TestError>
    ) -> TimedObservation<Int, Int, TestError> {
        TimedObservation(state: 0, downstream: Observer(recorder.observer), scheduler: scheduler) { fired, effects in
            fired += 1
            effects.send(.next(fired))
        }
    }

    @Test func restartingTheTimerCancelsThePreviousOne() {
        let scheduler = TestScheduler()
        let recorder = TestRecorder<Int, TestError>(scheduler: scheduler)
        let engine = makeEngine(scheduler: scheduler, recorder: recorder)
        engine.update { _, effects in effects.startTimer(after: .seconds(2)) }
        scheduler.advance(byTicks: 1)
        engine.update { _, effects in effects.startTimer(after: .seconds(2)) }
        #expect(scheduler.pendingCount == 1)
        scheduler.run()
        #expect(recorder.events == [Recorded(tick: 3, .next(1))])
    }

    @Test func cancelledTimerNeverFires() {
        let scheduler = TestScheduler()
        let recorder = TestRecorder<Int, TestError>(scheduler: scheduler)
        let engine = makeEngine(scheduler: scheduler, recorder: recorder)
        engine.update { _, effects in effects.startTimer(after: .seconds(2)) }
        engine.update { _, effects in effects.cancelTimer() }
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(recorder.events.isEmpty)
    }

    @Test func terminalEventClosesDisposesUpstreamAndTimer() {
        let scheduler = TestScheduler()
        let recorder = TestRecorder<Int, TestError>(scheduler: scheduler)
        let engine = makeEngine(scheduler: scheduler, recorder: recorder)
        let upstream = BlockDisposable {}
        engine.setUpstream(upstream)
        engine.update { _, effects in
            effects.startTimer(after: .seconds(1))
            effects.send(.next(7))
            effects.send(.failed(.boom))
            effects.send(.next(8))
        }
        engine.update { _, effects in effects.send(.next(9)) }
        #expect(upstream.isDisposed)
        #expect(engine.isDisposed)
        #expect(scheduler.pendingCount == 0)
        let late = BlockDisposable {}
        engine.setUpstream(late)
        #expect(late.isDisposed)
        #expect(recorder.events == [Recorded(tick: 0, .next(7)), Recorded(tick: 0, .failed(.boom))])
    }

    @Test func eventsSentFromTheObserverAreQueuedNotRecursed() {
        let scheduler = TestScheduler()
        let order = LockedState<[String]>([])
        let engine = LockedState<TimedObservation<Int, Int, Never>?>(nil)
        let observer = Observer<Int, Never> { event in
            guard let element = event.element else { return }
            order.withLock { $0.append("start \(element)") }
            if element == 1 { engine.withLock { $0 }?.update { _, effects in effects.send(.next(2)) } }
            order.withLock { $0.append("end \(element)") }
        }
        let created = TimedObservation<Int, Int, Never>(state: 0, downstream: observer, scheduler: scheduler) { _, _ in }
        engine.withLock { $0 = created }
        created.update { _, effects in effects.send(.next(1)) }
        #expect(order.withLock { $0 } == ["start 1", "end 1", "start 2", "end 2"])
        engine.withLock { $0 = nil }  // the observer, kept by the engine, reads the box keeping it
    }

    @Test func delayUnderEightSendersAndAnAdvancingThreadKeepsOrderAndLosesNothing() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let received = LockedState<[Int]>([])
        let overlap = OverlapDetector()
        let observation = subject.delay(for: .seconds(1), on: scheduler).observeNext { value in
            overlap.enter()
            received.withLock { $0.append(value) }
            overlap.leave()
        }
        let advancing = LockedState(true)
        let advancerDone = DispatchSemaphore(value: 0)
        Thread {
            while advancing.withLock({ $0 }) { scheduler.advance(byTicks: 1) }
            advancerDone.signal()
        }.start()
        let perSender = 300
        runConcurrently { sender in
            for index in 0..<perSender { subject.send(sender * perSender + index) }
        }
        advancing.withLock { $0 = false }
        advancerDone.wait()
        scheduler.run()
        observation.dispose()
        let values = received.withLock { $0 }
        #expect(values.count == 8 * perSender)
        #expect(Set(values).count == 8 * perSender)
        for sender in 0..<8 {
            let own = values.filter { $0 / perSender == sender }
            #expect(own == own.sorted())
        }
        #expect(overlap.overlapCount == 0)
    }

    @Test func debounceUnderConcurrentSendsDeliversSeriallyAndEndsWithTheLastElement() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let received = LockedState<[Int]>([])
        let overlap = OverlapDetector()
        let completed = LockedState(false)
        _ = subject.debounce(for: .seconds(2), on: scheduler).observe { event in
            overlap.enter()
            switch event {
            case .next(let value): received.withLock { $0.append(value) }
            case .completed: completed.withLock { $0 = true }
            }
            overlap.leave()
        }
        let advancing = LockedState(true)
        let advancerDone = DispatchSemaphore(value: 0)
        Thread {
            while advancing.withLock({ $0 }) { scheduler.advance(byTicks: 1) }
            advancerDone.signal()
        }.start()
        runConcurrently { sender in
            for index in 0..<300 { subject.send(sender * 1_000 + index) }
        }
        subject.send(-1)
        subject.send(completion: .finished)
        advancing.withLock { $0 = false }
        advancerDone.wait()
        scheduler.run()
        #expect(received.withLock { $0 }.last == -1)
        #expect(completed.withLock { $0 })
        #expect(overlap.overlapCount == 0)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func delayOnAConcurrentDispatchQueueDeliversEverythingSeriallyInOrder() async {
        let subject = PassthroughSubject<Int, Never>()
        let received = LockedState<[Int]>([])
        let overlap = OverlapDetector()
        let done = DispatchSemaphore(value: 0)
        let observation = subject.delay(for: .zero, on: DispatchQueue.global()).observe { event in
            overlap.enter()
            if let value = event.element { received.withLock { $0.append(value) } }
            overlap.leave()
            if event.isTerminal { done.signal() }
        }
        runConcurrently { sender in
            for index in 0..<200 { subject.send(sender * 1_000 + index) }
        }
        subject.send(completion: .finished)
        #expect(await wait(for: done))
        observation.dispose()
        let values = received.withLock { $0 }
        #expect(values.count == 1_600)
        for sender in 0..<8 {
            let own = values.filter { $0 / 1_000 == sender }
            #expect(own == own.sorted())
        }
        #expect(overlap.overlapCount == 0)
    }
}
