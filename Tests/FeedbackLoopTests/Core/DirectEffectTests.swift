import Dispatch
import FeedbackLoop
import StreamCore
import TestSupport
import Testing

/// The engine runs a per-state feedback (`Feedback(predicate:effects:)`, `Feedback(effects:)`,
/// `Feedback(effect:)` with `.cancelOnNewState`, `Feedback(lensing:effects:)`) on the loop's
/// context itself: no state signal and no `flatMapLatest`, and the run of an effect that ended
/// is reused. These tests pin what that must keep from the signal form: feedback order, a new
/// state cancelling the running effect and dropping its later events, disposal, memory, and
/// safety against other threads.
@Suite struct DirectEffectTests {
    /// Keeps the observers the effects were given, to send through them later.
    final class Kept: Sendable {
        let observers = Box<[Observer<CounterEvent, Never>]>([])
        let disposals = Box<[Int]>([])

        /// An effect for `state` that keeps its observer and records its disposal.
        func pending(for state: Int) -> Signal<CounterEvent, Never> {
            Signal { observer in
                self.observers.append(observer)
                return BlockDisposable { self.disposals.append(state) }
            }
        }
    }

    @Test func perStateAndOtherFeedbacksAnswerAStateInTheirOrder() {
        // Feedbacks 0 and 3 run per-state effects in the engine, 1 observes the state signal and
        // 2 is a direct reaction: all four answer the initial state, in feedback order.
        let system = Signal<[String], Never>.system(
            initial: [],
            reduce: { log, event in log + [event] },
            feedbacks: [
                Feedback(predicate: { $0.isEmpty }, effects: { _ in Signal(just: "a") }),
                Feedback(events: { states in states.compactMap { $0.isEmpty ? "b" : nil } }),
                Feedback(reacting: { $0.isEmpty ? "c" : nil }),
                Feedback(effects: { state in state.isEmpty ? Signal(just: "d") : .completed() }),
                Feedback(lensing: { $0 == ["a", "b", "c", "d"] ? 1 : nil }, effects: { _ in Signal(just: "e") }),
            ]
        )
        let states = Box<[[String]]>([])
        system.observeNext { state in states.append(state) }.dispose()
        #expect(states.value == [[], ["a"], ["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d"], ["a", "b", "c", "d", "e"]])
    }

    @Test func aNewStateCancelsTheRunningEffectAndDropsItsLaterEvents() {
        let input = PassthroughSubject<CounterEvent, Never>()
        let kept = Kept()
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, event in event == .increment ? count + 1 : count - 100 },
            feedbacks: [Feedback(events: input), Feedback(predicate: { _ in true }, effects: kept.pending)]
        )
        let states = Box<[Int]>([])
        let disposable = system.observeNext { states.append($0) }
        input.send(.increment)
        #expect(kept.disposals.value == [0])  // state 1 cancelled state 0's effect
        kept.observers.value[0].receive(.decrement)  // state 0's effect, cancelled: dropped
        #expect(states.value == [0, 1])
        kept.observers.value[1].receive(.increment)  // state 1's effect is running: reduced
        #expect(states.value == [0, 1, 2])
        #expect(kept.disposals.value == [0, 1])  // …and state 2 cancelled it
        disposable.dispose()
        #expect(kept.disposals.value == [0, 1, 2])  // disposing the loop cancels the last one
        kept.observers.value[2].receive(.increment)
        #expect(states.value == [0, 1, 2])
    }

    @Test func aStateThatFailsThePredicateCancelsTheRunningEffect() {
        let input = PassthroughSubject<CounterEvent, Never>()
        let kept = Kept()
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [Feedback(events: input), Feedback(predicate: { $0 == 0 }, effects: kept.pending)]
        )
        let states = Box<[Int]>([])
        let disposable = system.observeNext { states.append($0) }
        input.send(.increment)
        #expect(kept.disposals.value == [0])
        #expect(kept.observers.value.count == 1)  // state 1 started nothing
        kept.observers.value[0].receive(.increment)
        #expect(states.value == [0, 1])
        disposable.dispose()
    }

    @Test func anEndedEffectsKeptObserverCannotSendIntoALaterEffect() {
        // State 0's effect sends one event and completes, but its producer keeps the observer
        // and (breaking the signal contract, which only a `trusted` producer inside the package
        // can) sends through it later, while state 1's effect runs. That event must not reach
        // the loop as state 1's effect's: the engine reuses an ended effect's run only when
        // nothing else holds it.
        let kept = Box<[Observer<CounterEvent, Never>]>([])
        let answer = Feedback<Int, CounterEvent>(
            predicate: { _ in true },
            effects: { state in
                guard state == 0 else { return Signal<CounterEvent, Never> { _ in NonDisposable.instance } }
                return Signal<CounterEvent, Never>.trusted { observer in
                    kept.append(observer)
                    observer.on(.next(.increment))
                    observer.on(.completed)
                    return NonDisposable.instance
                }
            })
        let system = Signal<Int, Never>.system(initial: 0, reduce: { count, _ in count + 1 }, feedbacks: [answer])
        let states = Box<[Int]>([])
        let disposable = system.observeNext { states.append($0) }
        #expect(states.value == [0, 1])  // state 1's effect is running
        kept.value[0].on(.next(.increment))
        #expect(states.value == [0, 1])
        disposable.dispose()
        // A trusted producer that keeps its observer holds the run (its handler) and so the loop:
        // let go of it, or this test would own a cycle through the feedback that captures `kept`.
        kept.mutate { $0.removeAll() }
    }

    @Test func aSynchronousPredicateLoopRunsInConstantStack() {
        // ReactiveFeedback's benchmark shape: a one-element effect per state. 200k iterations of
        // recursion would overflow the stack; the engine queues instead.
        let target = 200_000
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [Feedback(predicate: { $0 < target }, effects: { _ in Signal(just: CounterEvent.increment) })],
            diagnostics: .disabled
        )
        let last = Box(0)
        system.observeNext { last.value = $0 }.dispose()
        #expect(last.value == target)
    }

    @Test func theLoopIsFreedAfterDisposeThoughAnEffectKeepsItsObserver() {
        final class Service: Sendable {}
        weak var weakService: Service?
        let input = PassthroughSubject<CounterEvent, Never>()
        let kept = Kept()
        do {
            let service = Service()
            weakService = service
            let system = Signal<Int, Never>.system(
                initial: 0,
                reduce: { count, _ in count + 1 },
                feedbacks: [
                    Feedback(events: input),
                    Feedback(
                        predicate: { _ in true },
                        effects: { state in
                            _ = service
                            return state < 3 ? Signal(just: .increment) : kept.pending(for: state)
                        }),
                ]
            )
            let disposable = system.observeNext { _ in }
            disposable.dispose()
        }
        // The effect's producer still keeps its observer (in `kept`, which the feedback itself
        // captures): that must not keep the loop, or what it captures, alive.
        #expect(kept.observers.value.count == 1)
        #expect(kept.disposals.value == [3])
        #expect(weakService == nil)
        #expect(input.observerCount == 0)
    }

    @Test func effectsSendingFromOtherThreadsWhileStatesCancelThemAndTheLoopIsDisposed() {
        // Under TSan: effects answer from a concurrent queue while inputs from three threads
        // make new states (cancelling them), and the loop is disposed meanwhile. Every state is
        // delivered in order, nothing arrives after the state being delivered when dispose ran.
        let queue = DispatchQueue(label: "effects", attributes: .concurrent)
        for _ in 0..<20 {
            let input = PassthroughSubject<CounterEvent, Never>()
            let answerLater = Feedback<Int, CounterEvent>(
                predicate: { $0 % 3 == 0 },
                effects: { _ in
                    Signal<CounterEvent, Never> { observer in
                        queue.async { observer.receive(lastElement: .increment) }
                        return NonDisposable.instance
                    }
                })
            let answerNow = Feedback<Int, CounterEvent>(
                predicate: { $0 % 3 == 1 },
                effects: { _ in
                    Signal<CounterEvent, Never>(just: .increment)
                })
            let system = Signal<Int, Never>.system(
                initial: 0,
                reduce: { count, _ in count + 1 },
                feedbacks: [Feedback(events: input), answerLater, answerNow],
                diagnostics: .disabled
            )
            let states = Box<[Int]>([])
            let disposed = Box(false)
            let afterDispose = Box(0)
            let disposable = system.observeNext { state in
                if disposed.value { afterDispose.mutate { $0 += 1 } }
                states.append(state)
            }
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                if thread == 0 {
                    for _ in 0..<100 { input.send(.increment) }
                    disposable.dispose()
                    disposed.value = true
                } else {
                    for _ in 0..<100 { input.send(.increment) }
                }
            }
            input.send(.increment)
            queue.sync(flags: .barrier) {}  // the effects' late answers have run
            #expect(afterDispose.value <= 1)
            #expect(states.value == Array(0..<states.value.count))
            #expect(input.observerCount == 0)
        }
    }
}
