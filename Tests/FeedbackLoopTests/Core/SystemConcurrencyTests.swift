import TestSupport
import Dispatch
import FeedbackLoop
import StreamCore
import Testing

/// Feedbacks on different threads sending at once; the loop on its own queue. Run under TSan.
@Suite struct SystemConcurrencyTests {
    @Test func feedbacksSendingConcurrentlyLoseNothingAndStatesStayOrdered() {
        let threads = 8
        let perThread = 2_000
        let inputs = (0..<threads).map { _ in PassthroughSubject<CounterEvent, Never>() }
        // Each input feedback tags its events with its thread through the reducer's state.
        let tagged = (0..<threads).map { thread in
            Feedback<[Int], Int>(events: inputs[thread].map { _ in thread })
        }
        let counting = Signal<[Int], Never>.system(
            initial: Array(repeating: 0, count: threads),
            reduce: { counts, thread in
                var next = counts
                next[thread] += 1
                return next
            },
            feedbacks: tagged
        )
        let overlap = Box(0)
        let inside = Box(false)
        let monotonic = Box(true)
        let last = Box<[Int]>(Array(repeating: 0, count: threads))
        let disposable = counting.observeNext { counts in
            if inside.mutate({ flag in
                defer { flag = true }; return flag
            }) {
                overlap.mutate { $0 += 1 }
            }
            let previous = last.value
            // Serial delivery: exactly one count grows by one per state.
            if zip(previous, counts).map({ $1 - $0 }).reduce(0, +) > 1 { monotonic.value = false }
            last.value = counts
            inside.value = false
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for _ in 0..<perThread { inputs[thread].send(.increment) }
        }
        #expect(last.value == Array(repeating: perThread, count: threads))
        #expect(overlap.value == 0)
        #expect(monotonic.value)
        disposable.dispose()
    }

    @Test func theLoopRunsOnItsContextAndFeedbacksOnTheirs() async {
        let loopQueue = DispatchQueue(label: "loop")
        let effectQueue = DispatchQueue(label: "effect")
        let loopKey = DispatchSpecificKey<String>()
        loopQueue.setSpecific(key: loopKey, value: "loop")
        effectQueue.setSpecific(key: loopKey, value: "effect")
        let seen = Box<[String]>([])
        let system = Signal<Int, Never>.system(
            initial: 0,
            executeOn: loopQueue.context,
            reduce: { count, _ in count + 1 },
            feedbacks: [
                Feedback(effect: { (state: Int) -> Signal<CounterEvent, Never> in
                    seen.mutate { $0.append("effect \(state) on \(DispatchQueue.getSpecific(key: loopKey) ?? "?")") }
                    return state < 2 ? Signal(just: .increment) : .completed()
                })
                .execute(on: effectQueue.context)
            ]
        )
        let states = Box<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let disposable = system.observeNext { state in
            states.mutate { $0.append("state \(state) on \(DispatchQueue.getSpecific(key: loopKey) ?? "?")") }
            if state == 2 { done.signal() }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                done.wait()
                continuation.resume()
            }
        }
        disposable.dispose()
        // The initial state arrives on the observing thread before `observe` returns
        // (ReactiveFeedback's behaviour, Decision 0020); every reduced state on the loop's queue.
        #expect(states.value == ["state 0 on ?", "state 1 on loop", "state 2 on loop"])
        // The last effect may still be running when the test looks: check the first two.
        #expect(Array(seen.value.prefix(2)) == ["effect 0 on effect", "effect 1 on effect"])
    }

    @Test func disposingWhileFeedbacksSendFromOtherThreadsIsSafe() {
        for _ in 0..<50 {
            let input = PassthroughSubject<CounterEvent, Never>()
            let system = Signal<Int, Never>.system(
                initial: 0,
                reduce: { count, _ in count + 1 },
                feedbacks: [Feedback(events: input), Feedback(effect: { _ in Signal<CounterEvent, Never>.completed() })]
            )
            let afterDispose = Box(0)
            let disposed = Box(false)
            let disposable = system.observeNext { _ in
                if disposed.value { afterDispose.mutate { $0 += 1 } }
            }
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                if thread == 0 {
                    disposable.dispose()
                    disposed.value = true
                } else {
                    for _ in 0..<200 { input.send(.increment) }
                }
            }
            input.send(.increment)
            // The one state being delivered while dispose ran may still arrive; nothing after.
            #expect(afterDispose.value <= 1)
            #expect(input.observerCount == 0)
        }
    }
}

/// Events sent right after observing a loop that runs on a queue are not lost: the feedbacks are
/// subscribed while observing, and the events wait for the loop's first run.
@Suite struct SystemStartTests {
    @Test func inputSentBeforeTheLoopFirstRunsOnItsQueueIsKept() {
        let queue = DispatchQueue(label: "loop")
        for _ in 0..<20 {
            let (input, send) = Feedback<Int, CounterEvent>.input
            let system = Signal<Int, Never>.system(
                initial: 0,
                executeOn: queue.context,
                reducer: Reducer { count, _ in count + 1 },
                feedbacks: [input]
            )
            let states = Box<[Int]>([])
            let done = DispatchSemaphore(value: 0)
            queue.suspend()  // the loop cannot run yet
            let disposable = system.observeNext { state in
                states.mutate { $0.append(state) }
                if state == 3 { done.signal() }
            }
            send(.increment)
            send(.increment)
            send(.increment)
            queue.resume()
            #expect(done.wait(timeout: .now() + 60) == .success)
            disposable.dispose()
            #expect(states.value == [0, 1, 2, 3])
        }
    }

    @Test func aReducerWritesAsATrailingClosure() throws {
        let reducer = Reducer<Int, CounterEvent> { count, event in
            switch event {
            case .increment: count + 1
            case .decrement: count - 1
            }
        }
        #expect(try reducer(1, .increment) == 2)
        let inPlace = Reducer<Int, CounterEvent>(mutating: { count, _ in count += 10 })
        #expect(try inPlace(1, .increment) == 11)
    }
}
