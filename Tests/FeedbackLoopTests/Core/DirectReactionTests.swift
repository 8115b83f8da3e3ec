import Dispatch
import FeedbackLoop
import StreamCore
import TestSupport
import Testing

/// The engine calls a `Feedback(reacting:)` on the loop's context directly (no state signal) and
/// queues its answer with its next lock. These tests pin what that must not change: feedback order
/// with signal feedbacks in between, no call after disposal, and no loss against other threads.
@Suite struct DirectReactionTests {
    @Test func directAndSignalFeedbacksAnswerAStateInTheirOrder() {
        // Feedback 0 and 2 are direct calls, feedback 1 observes the state signal: all three answer
        // the initial state, and their events are reduced in feedback order.
        let system = Signal<[String], Never>.system(
            initial: [],
            reduce: { log, event in log + [event] },
            feedbacks: [
                Feedback(reacting: { $0.isEmpty ? "a" : nil }),
                Feedback(events: { states in states.compactMap { $0.isEmpty ? "b" : nil } }),
                Feedback(reacting: { $0.isEmpty ? "c" : nil }),
                Feedback(events: { states in states.compactMap { $0 == ["a", "b", "c"] ? "d" : nil } }),
            ]
        )
        let states = Box<[[String]]>([])
        system.observeNext { state in states.mutate { $0.append(state) } }.dispose()
        #expect(states.value == [[], ["a"], ["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d"]])
    }

    @Test func aDirectFeedbackSeesTheStateItsObserverDisposedOnButItsAnswerIsNotReduced() {
        let seen = Box<[Int]>([])
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [
                Feedback(reacting: { state in
                    seen.mutate { $0.append(state) }
                    return CounterEvent.increment
                })
            ],
            diagnostics: .disabled
        )
        let states = Box<[Int]>([])
        // `take(first: 3)` disposes the loop from inside the delivery of state 2 to the observer,
        // after the feedback saw it: its answer is dropped with the loop.
        system.take(first: 3).observeNext { state in states.mutate { $0.append(state) } }.dispose()
        #expect(seen.value == [0, 1, 2])
        #expect(states.value == [0, 1, 2])
    }

    @Test func aFeedbackThatDisposesTheLoopStopsTheDeliveryOfThatStateToTheObserver() {
        let input = PassthroughSubject<CounterEvent, Never>()
        let observation = Box<(any Disposable)?>(nil)
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [
                Feedback(events: input),
                Feedback(reacting: { state in
                    if state == 2 { observation.value?.dispose() }
                    return nil
                }),
            ]
        )
        let states = Box<[Int]>([])
        observation.value = system.observeNext { state in states.mutate { $0.append(state) } }
        input.send(.increment)
        input.send(.increment)
        input.send(.increment)
        #expect(states.value == [0, 1])
    }

    @Test func directAnswersAndEventsFromOtherThreadsAreAllReducedOnce() {
        // Every input state gets exactly one echo from the direct feedback, while four threads
        // send inputs concurrently (run under TSan).
        struct Counts: Sendable, Equatable {
            var inputs = 0
            var echoes = 0
            var lastWasInput = false
        }
        enum Event: Sendable { case input, echo }
        let threads = 4
        let perThread = 2_000
        let inputs = (0..<threads).map { _ in PassthroughSubject<Event, Never>() }
        let calls = Box(0)
        let system = Signal<Counts, Never>.system(
            initial: Counts(),
            reduce: { counts, event in
                var next = counts
                if event == .input { next.inputs += 1 } else { next.echoes += 1 }
                next.lastWasInput = event == .input
                return next
            },
            feedbacks: [
                Feedback<Counts, Event>(reacting: { state in
                    calls.mutate { $0 += 1 }
                    return state.lastWasInput ? .echo : nil
                })
            ] + inputs.map { Feedback(events: $0) },
            diagnostics: .disabled
        )
        let last = Box(Counts())
        let states = Box(0)
        let disposable = system.observeNext { counts in
            last.value = counts
            states.mutate { $0 += 1 }
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for _ in 0..<perThread { inputs[thread].send(.input) }
        }
        disposable.dispose()
        #expect(last.value.inputs == threads * perThread)
        #expect(last.value.echoes == threads * perThread)
        #expect(calls.value == states.value)
    }
}
