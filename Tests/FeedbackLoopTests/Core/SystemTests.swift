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
