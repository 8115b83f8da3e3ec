import FeedbackLoop
import StreamCore
import TestSupport
import Testing

/// ReactiveFeedback users' one-liners, as they write them (see `ReactiveKitIdiomTests` for the
/// type-checking budget this target is built with).
@Suite struct ReactiveFeedbackIdiomTests {
    @Test func feedbackWithATrailingClosurePerState() {
        let feedback = Feedback<Int, Int> { state in state < 3 ? Signal(just: 1) : .completed() }
        let system = Signal<Int, Never>.system(initial: 0, reduce: { $0 + $1 }, feedbacks: [feedback])
        let states = Box<[Int]>([])
        system.observeNext { state in states.mutate { $0.append(state) } }.dispose()
        #expect(states.value == [0, 1, 2, 3])
    }

    @Test func feedbackWithAPredicate() {
        let feedback = Feedback<Int, Int>(predicate: { $0 < 2 }) { _ in Signal(just: 1) }
        let system = Signal<Int, Never>.system(initial: 0, reduce: { $0 + $1 }, feedbacks: [feedback])
        let states = Box<[Int]>([])
        system.observeNext { state in states.mutate { $0.append(state) } }.dispose()
        #expect(states.value == [0, 1, 2])
    }
}
