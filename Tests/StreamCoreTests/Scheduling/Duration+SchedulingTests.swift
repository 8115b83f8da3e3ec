import StreamCore
import Testing

@Suite struct DurationSchedulingTests {
    @Test(arguments: [
        (0.0, Duration.zero),
        (-3.0, .zero),
        (.nan, .zero),
        (-.infinity, .zero),
        (1.5, .milliseconds(1500)),
        (60, .seconds(60)),
        (0.000_000_001, .nanoseconds(1)),
        (.infinity, Duration.maximumDelay),
        (1e300, Duration.maximumDelay),
    ])
    func secondsConvertWithoutTrapping(seconds: Double, expected: Duration) {
        #expect(Duration(saturatingSeconds: seconds) == expected)
    }

    @Test func delaysClampToZeroAndTheMaximum() {
        #expect(Duration.seconds(-1).clampedDelay == .zero)
        #expect(Duration.seconds(5).clampedDelay == .seconds(5))
        #expect((Duration.maximumDelay * 3).clampedDelay == .maximumDelay)
    }

    @Test func intervalsAreAtLeastOneNanosecond() {
        #expect(Duration.zero.clampedInterval == .nanoseconds(1))
        #expect(Duration.seconds(-4).clampedInterval == .nanoseconds(1))
        #expect(Duration.milliseconds(2).clampedInterval == .milliseconds(2))
    }

    @Test func nanosecondsSaturate() {
        #expect(Duration.milliseconds(3).saturatingNanoseconds == 3_000_000)
        #expect(Duration.seconds(-2).saturatingNanoseconds == -2_000_000_000)
        #expect(Duration.seconds(Int64.max).saturatingNanoseconds == .max)
        #expect(Duration.seconds(Int64.min).saturatingNanoseconds == .min)
    }
}
