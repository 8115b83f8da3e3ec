import TestSupport
import FeedbackLoop
import Foundation
import StreamCore
import Testing

enum CounterEvent: Sendable, Equatable {
    case increment
    case decrement
}

/// The seed's counter system and the core guarantees of `Signal.system`.
@Suite struct SystemTests {
    @Test func counterSystemStartsWithTheInitialStateAndReducesInputEvents() {
        let plus = PassthroughSubject<Void, Never>()
        let minus = PassthroughSubject<Void, Never>()
        let increment = Feedback<Int, CounterEvent> { _ in plus.map { CounterEvent.increment } }
        let decrement = Feedback<Int, CounterEvent> { _ in minus.map { CounterEvent.decrement } }
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, event in
                switch event {
                case .increment: count + 1
                case .decrement: count - 1
                }
            },
            feedbacks: [increment, decrement]
        )
        let labels = Box<[String]>([])
        let disposable = system.map(String.init).observeNext { text in labels.mutate { $0.append(text) } }
        plus.send(())
        plus.send(())
        minus.send(())
        #expect(labels.value == ["0", "1", "2", "1"])
        disposable.dispose()
        plus.send(())
        #expect(labels.value == ["0", "1", "2", "1"])
        #expect(plus.observerCount == 0)
        #expect(minus.observerCount == 0)
    }

    @Test func aSynchronousLoopRunsAMillionIterationsWithoutRecursion() {
        let target = 1_000_000
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [Feedback(reacting: { $0 < target ? CounterEvent.increment : nil })],
            diagnostics: .disabled
        )
        let count = Box(0)
        let last = Box(-1)
        let ordered = Box(true)
        let stackDepths = Box<Set<UInt>>([])
        let disposable = system.observeNext { state in
            count.value += 1
            if state != last.value + 1 { ordered.value = false }
            last.value = state
            if state == 1 || state == target / 2 || state == target {
                // Frames on the stack (not a local's address: AddressSanitizer moves locals to a
                // fake stack, so addresses differ even at the same depth).
                let depth = UInt(Thread.callStackReturnAddresses.count)
                stackDepths.mutate { _ = $0.insert(depth) }
            }
        }
        disposable.dispose()
        // The observer runs at the same stack depth at the first, middle and last iteration.
        #expect(stackDepths.value.count == 1)
        #expect((stackDepths.value.first ?? 0) > 3)  // the frames were really counted
        // Every state, in order, on the caller's stack: a recursive loop would overflow long
        // before a million iterations (ReactiveFeedback's overflows at about 1.7k).
        #expect(count.value == target + 1)
        #expect(last.value == target)
        #expect(ordered.value)
    }

    @Test func eventsSentWhileTheLoopDeliversAreQueuedInOrder() {
        // Two feedbacks answer the same state synchronously; both events are reduced, in the order
        // the feedbacks were given, each seeing the state the previous one produced.
        let system = Signal<[String], Never>.system(
            initial: [],
            reduce: { log, event in log + [event] },
            feedbacks: [
                Feedback(reacting: { $0.isEmpty ? "a" : nil }),
                Feedback(reacting: { $0.isEmpty ? "b" : nil }),
                Feedback(reacting: { $0 == ["a", "b"] ? "c" : nil }),
            ]
        )
        let states = Box<[[String]]>([])
        system.observeNext { state in states.mutate { $0.append(state) } }.dispose()
        #expect(states.value == [[], ["a"], ["a", "b"], ["a", "b", "c"]])
    }
}

/// A feedback that records every state it is handed and answers each with `1`, in each of the
/// forms the loop engine hands a state through (its sole-effect, sole-reaction and general paths).
enum SpyFeedback: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case perStateEffect
    case reaction
    case signalFunction
    case effectBesideAnotherFeedback

    var testDescription: String { rawValue }

    func feedbacks(recording seen: Box<[Int]>) -> [Feedback<Int, Int>] {
        switch self {
        case .perStateEffect:
            return [
                Feedback { state in
                    seen.mutate { $0.append(state) }
                    return Signal(just: 1)
                }
            ]
        case .reaction:
            return [
                Feedback(reacting: { state in
                    seen.mutate { $0.append(state) }
                    return 1
                })
            ]
        case .signalFunction:
            return [
                Feedback(events: { states in
                    states.map { state in
                        seen.mutate { $0.append(state) }
                        return 1
                    }
                })
            ]
        case .effectBesideAnotherFeedback:
            return [Feedback(reacting: { _ in nil })] + Self.perStateEffect.feedbacks(recording: seen)
        }
    }
}

/// Every state reaches the feedbacks before the loop's observer (ReactiveFeedback's and Spin's
/// order), so an observer that stops the loop on a state still lets that state's effects start.
@Suite struct SystemDeliveryOrderTests {
    /// ReactiveFeedback's `test_should_start_producers_immediately`, on the immediate context.
    @Test func anObserverThatStopsTheLoopStillLetsThatStatesEffectStart() {
        let starts = Box(0)
        let feedback = Feedback<Int, Int> { _ in
            Signal(just: 1).handleEvents(receiveSubscription: { starts.mutate { $0 += 1 } })
        }
        let system = Signal<Int, Never>.system(initial: 0, reduce: { $0 + $1 }, feedbacks: [feedback])
        let states = Box<[Int]>([])
        system.removeDuplicates().take(first: 2).observeNext { state in states.mutate { $0.append(state) } }
            .dispose()
        #expect(states.value == [0, 1])
        #expect(starts.value == 2)
    }

    @Test(arguments: SpyFeedback.allCases)
    func feedbacksSeeTheStateTheObserverStopsTheLoopOn(_ spy: SpyFeedback) {
        let seen = Box<[Int]>([])
        let system = Signal<Int, Never>.system(
            initial: 0, reduce: { $0 + $1 }, feedbacks: spy.feedbacks(recording: seen), diagnostics: .disabled
        )
        let states = Box<[Int]>([])
        system.take(first: 3).observeNext { state in states.mutate { $0.append(state) } }.dispose()
        #expect(states.value == [0, 1, 2])
        #expect(seen.value == [0, 1, 2])
    }

    @Test(arguments: SpyFeedback.allCases)
    func feedbacksSeeTheInitialStateWhenTheObserverTakesOnlyIt(_ spy: SpyFeedback) {
        let seen = Box<[Int]>([])
        let system = Signal<Int, Never>.system(
            initial: 0, reduce: { $0 + $1 }, feedbacks: spy.feedbacks(recording: seen), diagnostics: .disabled
        )
        let states = Box<[Int]>([])
        system.take(first: 1).observeNext { state in states.mutate { $0.append(state) } }.dispose()
        #expect(states.value == [0])
        #expect(seen.value == [0])
    }

    @Test func aFeedbackSeesEachStateBeforeTheObserver() {
        let log = Box<[String]>([])
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { $0 + $1 },
            feedbacks: [
                Feedback(reacting: { state in
                    log.mutate { $0.append("feedback \(state)") }
                    return state < 2 ? 1 : nil
                })
            ]
        )
        system.observeNext { state in log.mutate { $0.append("observer \(state)") } }.dispose()
        #expect(log.value == ["feedback 0", "observer 0", "feedback 1", "observer 1", "feedback 2", "observer 2"])
    }
}
