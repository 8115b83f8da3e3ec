import TestSupport
import FeedbackLoop
import Foundation
import StreamCore
import StreamCoreTesting
import Testing

/// Feedbacks that receive states on one shared serial queue take turns on it.
@Suite struct SharedQueueFairnessTests {
    /// A feedback named `name` answering each state with `name` and its answer count, three times.
    private func answering(_ name: String, on context: ExecutionContext) -> Feedback<[String], String> {
        let answers = Box(0)
        return Feedback(
            effect: { _ in
                let count = answers.mutate { count -> Int in
                    count += 1
                    return count
                }
                return count <= 3 ? Signal(just: "\(name)\(count)") : .completed()
            }, on: context)
    }

    @Test func threeFeedbacksOnOneSchedulerAnswerRoundRobin() {
        let scheduler = TestScheduler()
        let system = Signal<[String], Never>.system(
            initial: [],
            reduce: { $0 + [$1] },
            feedbacks: ["a", "b", "c"].map { answering($0, on: scheduler.context) }
        )
        let last = Box<[String]>([])
        let observation = system.observeNext { state in last.value = state }
        scheduler.advance()
        #expect(last.value == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"])
        observation.dispose()
    }

    @Test func threeFeedbacksOnOneDispatchQueueAnswerRoundRobin() async {
        let queue = DispatchQueue(label: "shared-feedback-queue")
        let system = Signal<[String], Never>.system(
            initial: [],
            reduce: { $0 + [$1] },
            feedbacks: ["a", "b", "c"].map { answering($0, on: queue.context) }
        )
        // Started on the queue, so every event of the run is sent on it. (Started from another
        // thread, the first turns race that thread's delivery of the initial state to the three
        // feedbacks, and the first answers may come in another order: seen once in 1,273-test runs.)
        let final = await system.subscribe(on: queue.context).filter { $0.count == 9 }.first()
        #expect(final == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"])
    }
}
