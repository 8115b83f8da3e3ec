import TestSupport
import FeedbackLoop
import Foundation
import StreamCore
import Testing

/// Spin's `Feedback` initializers and `Gear` spellings.
@Suite struct SpinSpellingTests {
    private func states<Event: Sendable>(
        _ feedbacks: [Feedback<Int, Event>],
        reduce: @escaping @Sendable (Int, Event) -> Int,
        then act: () -> Void = {}
    ) -> [Int] {
        let states = Box<[Int]>([])
        let observation = Signal<Int, Never>.system(initial: 0, reduce: reduce, feedbacks: feedbacks)
            .observeNext { state in states.mutate { $0.append(state) } }
        act()
        observation.dispose()
        return states.value
    }

    @Test func directEffectAnswersEveryStateSynchronously() {
        let count = Feedback<Int, Int>(directEffect: { _ in 1 })
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.system(initial: 0, reduce: +, feedbacks: [count])
            .take(first: 4)
            .observe(with: recorder.observer)
        #expect(recorder.events == [.next(0), .next(1), .next(2), .next(3), .completed])
    }

    @Test func effectsArrayMergesEachFunctionOfTheStateSignal() {
        let input = PassthroughSubject<Int, Never>()
        let both = Feedback<Int, Int>(effects: [
            { states in states.filter { $0 == 0 }.map { _ in 1 } },
            { _ in input.toSignal() },
        ])
        #expect(states([both], reduce: +, then: { input.send(10) }) == [0, 1, 11])
    }

    @Test func lensingOnFilteredByRunsOnlyForPartsThatPass() {
        let started = Box<[Int]>([])
        let feedback = Feedback<Int, Int>(
            effect: { (part: Int) in
                started.mutate { $0.append(part) }
                return part < 4 ? Signal(just: 1) : .completed()
            },
            lensingOn: \Int.self,
            filteredBy: { $0.isMultiple(of: 2) || $0 == 1 }
        )
        _ = states([feedback], reduce: +)
        #expect(started.value == [0, 1, 2])  // 3 fails the filter: the loop stops there
    }

    @Test func gearPropagateEventAndCompleteDetachTheListeners() {
        let gear = Gear<String>()
        let listener = Feedback<Int, Int>(attachedTo: gear, propagating: { (word: String) in word.count })
        let input = PassthroughSubject<Int, Never>()
        let recorded = states([listener, Feedback(events: input)], reduce: +) {
            gear.propagate(event: "abc")
            #expect(gear.attachmentCount == 1)
            gear.complete()
            #expect(gear.attachmentCount == 0)
            gear.propagate(event: "ignored")
            input.send(100)  // the loop keeps running without the gear
        }
        #expect(recorded == [0, 3, 103])
    }

    @Test func gearEventsObserverSendsIntoTheGearAndCompletesIt() {
        let gear = Gear<String>()
        let listener = Feedback<Int, Int>(attachedTo: gear, propagating: { (word: String) in word.count })
        let heard = Box<[String]>([])
        let completed = Box(false)
        let outside = gear.eventStream.observe { event in
            switch event {
            case .next(let word): heard.mutate { $0.append(word) }
            case .completed: completed.value = true
            }
        }
        let recorded = states([listener], reduce: +) {
            gear.eventsObserver.send("abcd")
            gear.eventsObserver.send(completion: .finished)
            #expect(gear.attachmentCount == 0)
            gear.eventsObserver.send("ignored")
            gear.propagate(event: "ignored too")
        }
        #expect(recorded == [0, 4])
        #expect(heard.value == ["abcd"])
        #expect(completed.value)
        outside.dispose()
    }

    @Test func filteredByResultRunsTheEffectOnTheExtractedPartOfPassingStates() {
        let started = Box<[String]>([])
        let feedback = Feedback<Int, Int>(
            effect: { (label: String) in
                started.mutate { $0.append(label) }
                return Signal(just: 1)
            },
            filteredByResult: { state in
                state < 3 ? .success("state \(state)") : .failure(.effectIsNotExecuted)
            }
        )
        #expect(states([feedback], reduce: +) == [0, 1, 2, 3])
        #expect(started.value == ["state 0", "state 1", "state 2"])
    }

    @Test func aFailedFilterResultCancelsTheRunningEffect() {
        let pending = PassthroughSubject<Int, Never>()
        let input = PassthroughSubject<Int, Never>()
        let feedback = Feedback<Int, Int>(
            effect: { (_: Int) in pending.toSignal() },
            filteredByResult: { state in state == 0 ? .success(state) : .failure(.effectIsNotExecuted) }
        )
        let recorded = states([feedback, Feedback(events: input)], reduce: +) {
            #expect(pending.observerCount == 1)  // the effect for state 0 runs
            input.send(5)  // state 5 fails the filter: the effect of state 0 is cancelled
            #expect(pending.observerCount == 0)
            pending.send(100)
        }
        #expect(recorded == [0, 5])
    }

    @Test func aVoidEffectRunsOncePerStateInOrderAndSendsNothing() {
        let seen = Box<[Int]>([])
        let input = PassthroughSubject<Int, Never>()
        let log = Feedback<Int, Int>(effect: { (state: Int) in seen.append(state) })
        let recorded = states([log, Feedback(events: input)], reduce: +) {
            input.send(1)
            input.send(2)
        }
        #expect(recorded == [0, 1, 3])
        #expect(seen.value == [0, 1, 3])
    }

    @Test func aVoidEffectRunsOnItsContext() {
        let queue = DispatchQueue(label: "spin.void-effect")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let onQueue = Box<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        let log = Feedback<Int, Int>(
            effect: { (state: Int) in
                onQueue.append(DispatchQueue.getSpecific(key: key) == true)
                if state == 2 { done.signal() }
            },
            on: queue.context
        )
        let counter = Feedback<Int, Int>(effect: { state in state < 2 ? Signal(just: 1) : .completed() })
        let observation = Signal<Int, Never>.system(initial: 0, reduce: +, feedbacks: [log, counter]).observeNext { _ in }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(onQueue.value == [true, true, true])
        observation.dispose()
    }

    @Test func aSingleExpressionClosureReturningASignalStaysThePerStateSignalForm() {
        // The Void overload must not swallow a closure whose value is the events to send.
        @Sendable func answer(_ state: Int) -> Signal<Int, Never> { state < 2 ? Signal(just: 1) : .completed() }
        let feedback = Feedback<Int, Int>(effect: { state in answer(state) })
        #expect(states([feedback], reduce: +) == [0, 1, 2])
    }

    @Test func anEffectTakingNoArgumentIsCalledOncePerRunAndFeedsTheLoop() {
        let calls = Box(0)
        let input = PassthroughSubject<Int, Never>()
        let feedback = Feedback<Int, Int>(effect: {
            calls.mutate { $0 += 1 }
            return input.toSignal()
        })
        let recorded = states([feedback], reduce: +) {
            input.send(2)
            input.send(3)
        }
        #expect(recorded == [0, 2, 5])
        #expect(calls.value == 1)  // not once per state
        #expect(input.observerCount == 0)  // stopped with the loop
    }

    @Test func uiEffectsRenderEveryStateAndSendTheInterfacesEvents() {
        let rendered = Box<[Int]>([])
        let taps = PassthroughSubject<Int, Never>()
        let ui = Feedback<Int, Int>(
            uiEffects: { state in rendered.append(state) },
            { taps.toSignal() }
        )
        let recorded = states([ui], reduce: +) {
            taps.send(1)
            taps.send(10)
        }
        #expect(recorded == [0, 1, 11])
        #expect(rendered.value == [0, 1, 11])
        #expect(taps.observerCount == 0)
    }

    @Test func uiEffectsRunOnTheGivenContext() {
        let queue = DispatchQueue(label: "spin.ui-effects")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let renderedOnQueue = Box<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        let taps = PassthroughSubject<Int, Never>()
        let ui = Feedback<Int, Int>(
            uiEffects: { state in
                renderedOnQueue.append(DispatchQueue.getSpecific(key: key) == true)
                if state == 4 { done.signal() }
            },
            { taps.toSignal() },
            on: queue.context
        )
        let observation = Signal<Int, Never>.system(initial: 0, reduce: +, feedbacks: [ui]).observeNext { _ in }
        taps.send(4)
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(renderedOnQueue.value == [true, true])  // states 0 and 4, both on the queue
        observation.dispose()
    }

    @Test func lensingOnAClosureFilteredByRunsOnlyForPartsThatPass() {
        let started = Box<[Int]>([])
        let feedback = Feedback<Int, Int>(
            effect: { (half: Int) in
                started.append(half)
                return Signal(just: 2)
            },
            lensingOn: { (state: Int) in state / 2 },
            filteredBy: { $0 < 3 }
        )
        #expect(states([feedback], reduce: +) == [0, 2, 4, 6])
        #expect(started.value == [0, 1, 2])
    }
}
