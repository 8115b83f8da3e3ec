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

/// ReactiveFeedback's `Loop`-era reducer: a static function changing the state in place.
enum InPlaceCounter {
    static func reduce(state: inout Int, event: Int) { state += event }
}

@Suite struct ReactiveFeedbackInPlaceReducerIdiomTests {
    @Test func feedbackLoopWithAStaticInPlaceReducer() {
        let feedback = Feedback<Int, Int> { state in state < 2 ? Signal(just: 1) : .completed() }
        let loop = Signal<Int, Never>.feedbackLoop(initial: 0, reduce: InPlaceCounter.reduce, feedbacks: [feedback])
        let returning = Signal<Int, Never>.feedbackLoop(initial: 0, reduce: { $0 + $1 }, feedbacks: [feedback])
        let states = Box<[Int]>([])
        loop.observeNext { state in states.mutate { $0.append(state) } }.dispose()
        returning.observeNext { state in states.mutate { $0.append(state) } }.dispose()
        #expect(states.value == [0, 1, 2, 0, 1, 2])
    }
}
