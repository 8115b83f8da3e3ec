import StreamCore
import Testing

@Suite struct RetryBackoffTests {
    @Test func constantWaitsTheSameEveryTime() {
        let backoff = RetryBackoff.constant(.seconds(2))
        #expect((1...4).map(backoff.delay(beforeAttempt:)) == Array(repeating: .seconds(2), count: 4))
    }

    @Test func exponentialGrowsByTheMultiplierUpToTheMaximum() {
        let backoff = RetryBackoff.exponential(initial: .seconds(1), maximum: .seconds(10))
        #expect((1...6).map(backoff.delay(beforeAttempt:)) == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(10), .seconds(10)])
        let tripled = RetryBackoff.exponential(initial: .milliseconds(100), multiplier: 3)
        #expect(tripled.delay(beforeAttempt: 3) == .milliseconds(900))
    }

    @Test(arguments: [0.5, -2, .nan])
    func multipliersBelowOneKeepTheDelayConstant(multiplier: Double) {
        let backoff = RetryBackoff.exponential(initial: .seconds(3), multiplier: multiplier)
        #expect(backoff.delay(beforeAttempt: 5) == .seconds(3))
    }

    @Test func hugeAttemptsSaturateAtTheMaximum() {
        let backoff = RetryBackoff.exponential(initial: .seconds(1), multiplier: 10, maximum: .seconds(60))
        #expect(backoff.delay(beforeAttempt: Int.max) == .seconds(60))
        #expect(backoff.delay(beforeAttempt: 0) == .seconds(1))
    }

    @Test func customUsesTheFunction() {
        let backoff = RetryBackoff.custom { .seconds($0 * $0) }
        #expect(backoff.delay(beforeAttempt: 3) == .seconds(9))
    }
}
