import TestSupport
import FeedbackLoop
import Foundation
import StreamCore
import StreamCoreTesting
import Testing

/// A loop on a scheduler starts like a loop on the immediate context: the initial state is there
/// as soon as `observe` returns, and an event sent before the scheduler's first turn is kept.
@Suite struct ScheduledSystemTests {
    private func appendingSystem(
        on context: ExecutionContext,
        feedbacks: [Feedback<String, String>]
    ) -> Signal<String, Never> {
        Signal<String, Never>.system(initial: "start", executeOn: context, reduce: { $0 + $1 }, feedbacks: feedbacks)
    }

    @Test func scheduledLoopHoldsTheInitialStateRightAfterObserve() {
        let scheduler = TestScheduler()
        let states = Box<[String]>([])
        let observation = appendingSystem(on: scheduler.context, feedbacks: [])
            .observeNext { state in states.mutate { $0.append(state) } }
        #expect(states.value == ["start"])
        scheduler.advance()
        #expect(states.value == ["start"])
        observation.dispose()
    }

    @Test func eventSentBeforeTheSchedulersFirstTurnIsReducedOnItsTurn() {
        let scheduler = TestScheduler()
        let input = PassthroughSubject<String, Never>()
        let perState = Feedback<String, String>(effect: { _ in input.toSignal() })
        let states = Box<[String]>([])
        let observation = appendingSystem(on: scheduler.context, feedbacks: [perState])
            .observeNext { state in states.mutate { $0.append(state) } }
        input.send("+a")
        #expect(states.value == ["start"])
        scheduler.advance()
        #expect(states.value == ["start", "start+a"])
        observation.dispose()
    }

    @Test func scheduledAndImmediateLoopsSeeTheSameStatesForTheSameInput() {
        func run(_ context: ExecutionContext, settle: () -> Void) -> [String] {
            let input = PassthroughSubject<String, Never>()
            let perState = Feedback<String, String>(effect: { _ in input.toSignal() })
            let states = Box<[String]>([])
            let observation = appendingSystem(on: context, feedbacks: [perState])
                .observeNext { state in states.mutate { $0.append(state) } }
            input.send("+a")
            settle()
            input.send("+b")
            settle()
            observation.dispose()
            return states.value
        }
        let scheduler = TestScheduler()
        let scheduled = run(scheduler.context) { scheduler.advance() }
        let immediate = run(.immediate) {}
        #expect(scheduled == ["start", "start+a", "start+a+b"])
        #expect(scheduled == immediate)
    }

    @Test func perStateEffectStartsForTheInitialStateBeforeTheSchedulerRuns() {
        let scheduler = TestScheduler()
        let starts = Box(0)
        let answerOnce = Feedback<String, String>(effect: { state in
            starts.mutate { $0 += 1 }
            return state.count < "start+x".count ? Signal(just: "+x") : .completed()
        })
        let states = Box<[String]>([])
        let observation = appendingSystem(on: scheduler.context, feedbacks: [answerOnce])
            .observeNext { state in states.mutate { $0.append(state) } }
        #expect(states.value == ["start"])
        #expect(starts.value == 1)
        scheduler.advance()
        #expect(states.value == ["start", "start+x"])
        #expect(starts.value == 2)
        observation.dispose()
    }

    @Test func scheduledLoopYieldsItsQueueAfterABatchOfEvents() {
        let scheduler = TestScheduler()
        let input = PassthroughSubject<Int, Never>()
        let turns = Box(0)
        let counting = ExecutionContext { work in
            turns.mutate { $0 += 1 }
            scheduler.schedule(work)
        }
        let states = Box<[Int]>([])
        let system = Signal<Int, Never>.system(
            initial: 0,
            executeOn: counting,
            reduce: { $0 + $1 },
            feedbacks: [Feedback(events: input)]
        )
        let observation = system.observeNext { state in states.mutate { $0.append(state) } }
        for _ in 0..<200 { input.send(1) }
        #expect(turns.value == 1)
        scheduler.advance()
        #expect(states.value == Array(0...200))
        #expect(turns.value == 4)  // 200 events in turns of at most 64
        observation.dispose()
    }
}

/// The delivery order of `SystemDeliveryOrderTests`, on a loop that runs on a scheduler.
@Suite struct ScheduledSystemDeliveryOrderTests {
    /// ReactiveFeedback's `test_should_start_producers_immediately`, with its scheduler.
    @Test func anObserverThatStopsAScheduledLoopStillLetsThatStatesEffectStart() {
        let scheduler = TestScheduler()
        let starts = Box(0)
        let feedback = Feedback<Int, Int> { _ in
            Signal(just: 1).handleEvents(receiveSubscription: { starts.mutate { $0 += 1 } })
        }
        let system = Signal<Int, Never>.system(initial: 0, scheduler: scheduler, reduce: { $0 + $1 }, feedbacks: [feedback])
        let states = Box<[Int]>([])
        let observation = system.removeDuplicates().take(first: 2)
            .observeNext { state in states.mutate { $0.append(state) } }
        #expect(scheduler.run())
        #expect(states.value == [0, 1])
        #expect(starts.value == 2)
        observation.dispose()
    }

    @Test(arguments: SpyFeedback.allCases)
    func feedbacksOfAScheduledLoopSeeTheStateTheObserverStopsItOn(_ spy: SpyFeedback) {
        let scheduler = TestScheduler()
        let seen = Box<[Int]>([])
        let system = Signal<Int, Never>.system(
            initial: 0, executeOn: scheduler.context, reduce: { $0 + $1 }, feedbacks: spy.feedbacks(recording: seen),
            diagnostics: .disabled
        )
        let states = Box<[Int]>([])
        let observation = system.take(first: 3).observeNext { state in states.mutate { $0.append(state) } }
        #expect(scheduler.run())
        #expect(states.value == [0, 1, 2])
        #expect(seen.value == [0, 1, 2])
        observation.dispose()
    }
}
