import TestSupport
import Dispatch
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct SignalTimeTests {
    /// Records each event with the virtual instant it arrived at.
    private final class TimedRecorder: Sendable {
        let log = Box<[String]>([])
        let scheduler: TestScheduler
        init(_ scheduler: TestScheduler) { self.scheduler = scheduler }
        var observer: @Sendable (Signal<Int, Never>.Event) -> Void {
            { [self] event in
                let seconds = self.scheduler.now.offset.components.seconds
                switch event {
                case .next(let element): self.log.mutate { $0.append("\(element)@\(seconds)") }
                case .completed: self.log.mutate { $0.append("|@\(seconds)") }
                }
            }
        }
    }

    /// A sequence that counts how many elements were read from it.
    private struct CountingSequence: Sequence, Sendable {
        let reads = Box(0)
        func makeIterator() -> AnyIterator<Int> {
            AnyIterator { [reads] in
                reads.mutate {
                    $0 += 1; return $0 - 1
                }
            }
        }
    }

    @Test func justAfterSendsTheElementOnceTheDelayPassed() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder(scheduler)
        _ = Signal<Int, Never>(just: 5, after: 60, scheduler: scheduler).observe(with: recorder.observer)
        scheduler.advance(by: .seconds(59))
        #expect(recorder.log.value.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.log.value == ["5@60", "|@60"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func justAfterTakesADuration() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder(scheduler)
        _ = Signal<Int, Never>(just: 7, after: .seconds(3), scheduler: scheduler).observe(with: recorder.observer)
        scheduler.run()
        #expect(recorder.log.value == ["7@3", "|@3"])
    }

    @Test func eachObservationStartsItsOwnDelay() {
        let scheduler = TestScheduler()
        let signal = Signal<Int, Never>(just: 1, after: 10, scheduler: scheduler)
        let first = TimedRecorder(scheduler)
        let second = TimedRecorder(scheduler)
        _ = signal.observe(with: first.observer)
        scheduler.advance(by: .seconds(4))
        _ = signal.observe(with: second.observer)
        scheduler.run()
        #expect(first.log.value == ["1@10", "|@10"])
        #expect(second.log.value == ["1@14", "|@14"])
    }

    @Test func disposingBeforeTheDelayCancelsAndReleasesTheWork() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>()
        let observation = Signal<Int, Never>(just: 5, after: 60, scheduler: scheduler).observe(with: recorder.observer)
        #expect(scheduler.pendingCount == 1)
        observation.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(120))
        #expect(recorder.events.isEmpty)
    }

    @Test(arguments: [0.0, -5.0, .nan])
    func nonPositiveDelaySendsAtTheCurrentInstant(seconds: Double) {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(2))
        let recorder = TimedRecorder(scheduler)
        _ = Signal<Int, Never>(just: 1, after: seconds, scheduler: scheduler).observe(with: recorder.observer)
        #expect(recorder.log.value.isEmpty)
        scheduler.advance()
        #expect(recorder.log.value == ["1@2", "|@2"])
    }

    @Test func sequenceSendsOneElementPerIntervalThenCompletes() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder(scheduler)
        _ = Signal<Int, Never>(sequence: [1, 2, 3], interval: 5, scheduler: scheduler).observe(with: recorder.observer)
        scheduler.advance(by: .seconds(12))
        #expect(recorder.log.value == ["1@5", "2@10"])
        scheduler.advance(by: .seconds(100))
        #expect(recorder.log.value == ["1@5", "2@10", "3@15", "|@20"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func sequenceTakesADuration() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder(scheduler)
        _ = Signal<Int, Never>(sequence: 7...8, interval: .seconds(2), scheduler: scheduler)
            .observe(with: recorder.observer)
        scheduler.run()
        #expect(recorder.log.value == ["7@2", "8@4", "|@6"])
    }

    @Test func emptySequenceCompletesAfterOneInterval() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder(scheduler)
        _ = Signal<Int, Never>(sequence: [], interval: 3, scheduler: scheduler).observe(with: recorder.observer)
        scheduler.run()
        #expect(recorder.log.value == ["|@3"])
    }

    @Test func infiniteSequenceStopsWhenTakeIsSatisfied() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder(scheduler)
        let source = CountingSequence()
        _ = Signal<Int, Never>(sequence: source, interval: 5, scheduler: scheduler)
            .take(first: 3)
            .observe(with: recorder.observer)
        scheduler.advance(by: .seconds(1000))
        #expect(recorder.log.value == ["0@5", "1@10", "2@15", "|@15"])
        #expect(source.reads.value == 3)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func reactiveKitSpellingsWork() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder(scheduler)
        _ = Signal<Int, Never>(sequence: 0..., interval: 5, scheduler: scheduler)
            .take(first: 2)
            .observe(with: recorder.observer)
        scheduler.advance(by: .seconds(60))
        #expect(recorder.log.value == ["0@5", "1@10", "|@10"])
        let just = TimedRecorder(scheduler)
        _ = Signal<Int, Never>(just: 5, after: 60, scheduler: scheduler).observe(with: just.observer)
        scheduler.advance(by: .seconds(60))
        #expect(just.log.value == ["5@120", "|@120"])
    }

    @Test func disposingStopsAnInfiniteSequence() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder(scheduler)
        let source = CountingSequence()
        let observation = Signal<Int, Never>(sequence: source, interval: 1, scheduler: scheduler)
            .observe(with: recorder.observer)
        scheduler.advance(by: .seconds(2))
        observation.dispose()
        scheduler.advance(by: .seconds(100))
        #expect(recorder.log.value == ["0@1", "1@2"])
        #expect(source.reads.value == 2)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func zeroIntervalSendsOneElementPerNanosecond() {
        let scheduler = TestScheduler(tick: .nanoseconds(1))
        let recorder = Recorder<Int, Never>()
        let times = Box<[Duration]>([])
        _ = Signal<Int, Never>(sequence: [1, 2], interval: 0, scheduler: scheduler).observe { event in
            times.mutate { $0.append(scheduler.now.offset) }
            recorder.observer(event)
        }
        scheduler.run()
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(times.value == [.nanoseconds(1), .nanoseconds(2), .nanoseconds(3)])
    }

    @Test func immediateSchedulerSendsOnlyTheFirstElement() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>(sequence: [1, 2, 3], interval: 1, scheduler: ImmediateScheduler())
            .observe(with: recorder.observer)
        #expect(recorder.events == [.next(1)])
    }

    @Test func defaultSchedulerDeliversOnAGlobalQueue() async {
        let done = DispatchSemaphore(value: 0)
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>(sequence: 0..<3, interval: 0.001).observe { event in
            recorder.observer(event)
            if event.isTerminal { done.signal() }
        }
        #expect(await wait(for: done))
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])

        let justDone = DispatchSemaphore(value: 0)
        let justRecorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>(just: 9, after: 0.001).observe { event in
            justRecorder.observer(event)
            if event.isTerminal { justDone.signal() }
        }
        #expect(await wait(for: justDone))
        #expect(justRecorder.events == [.next(9), .completed])
    }

    @Test func eventsArriveOnTheGivenQueue() async {
        let queue = DispatchQueue(label: "signal-time-tests")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 3)
        let done = DispatchSemaphore(value: 0)
        let seen = Box<[Int?]>([])
        _ = Signal<Int, Never>(sequence: [1, 2], interval: .milliseconds(1), scheduler: queue).observe { event in
            seen.mutate { $0.append(DispatchQueue.getSpecific(key: key)) }
            if event.isTerminal { done.signal() }
        }
        #expect(await wait(for: done))
        #expect(seen.value == [3, 3, 3])
    }
}
