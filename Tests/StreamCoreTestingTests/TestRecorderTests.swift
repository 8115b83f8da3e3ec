import StreamCore
import StreamCoreTesting
import Testing

@Suite struct TestRecorderTests {
    @Test func stampsEachEventWithTheCurrentTick() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestFailure>()
        let recorder = scheduler.record(subject)
        subject.send(1)
        scheduler.advance(byTicks: 2)
        subject.send(2)
        subject.send(completion: .failure(.boom))
        #expect(
            recorder.events == [
                Recorded(tick: 0, .next(1)), Recorded(tick: 2, .next(2)), Recorded(tick: 2, .failed(.boom)),
            ])
        #expect(recorder.elements == [1, 2])
        #expect(recorder.isTerminated)
    }

    @Test func disposingEndsTheObservation() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = scheduler.record(subject)
        subject.send(1)
        #expect(!recorder.isDisposed)
        recorder.dispose()
        subject.send(2)
        #expect(recorder.isDisposed)
        #expect(recorder.elements == [1])
        #expect(subject.observerCount == 0)
        #expect(!recorder.isTerminated)
    }

    @Test func marblesStartAtTheTickTheRecorderWasCreated() {
        let scheduler = TestScheduler()
        scheduler.advance(byTicks: 5)
        let recorder = scheduler.record(Signal<String, Never>(just: "x", after: .seconds(2), scheduler: scheduler))
        scheduler.run()
        #expect(recorder.startTick == 5)
        #expect(recorder.marbles() == "--(x|)")
        #expect(recorder.marbles(from: 0) == "-------(x|)")
    }

    @Test func observerCanBePassedByHand() {
        let scheduler = TestScheduler()
        let recorder = TestRecorder<String, Never>(scheduler: scheduler)
        scheduler.advance(byTicks: 4)
        _ = Signal<String, Never>.just("x").observe(with: recorder.observer)
        #expect(recorder.events == [Recorded(tick: 4, .next("x")), Recorded(tick: 4, .completed)])
    }

    @Test func drawsItsHistoryAsMarbles() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = scheduler.record(subject)
        scheduler.advance(byTicks: 1)
        subject.send(1)
        scheduler.advance(byTicks: 2)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.marbles(values: ["a": 1, "b": 2]) == "-a-(b|)")
        #expect(recorder.marbles(from: 1, values: ["a": 1]) == "a-(?|)")
    }
}
