import FeedbackLoop
import FeedbackLoopTesting
import Testing

// The snippet of FeedbackLoopTesting.md, compiled and run as a test.

enum CounterEvent: Sendable, Equatable { case increment }

@Suite struct FeedbackLoopTestingSnippets {
    // snippet: LandingTestLoop
    @Test func counterCountsUpToThree() {
        let loop = TestLoop(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [Feedback(reacting: { $0 < 3 ? CounterEvent.increment : nil })]
        )
        loop.receive(.increment) { $0 = 1 }
        loop.receive(.increment) { $0 = 2 }
        loop.receive(.increment) { $0 = 3 }
        loop.finish()
    }
    // end
}
