import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

/// Only the predicate-false path is exercised: a `true` predicate raises SIGTRAP.
@Suite struct BreakpointTests {
    @Test func callsEveryPredicateAndPassesEventsOn() throws {
        let scheduler = TestScheduler()
        let checked = Box<[String]>([])
        let source = try scheduler.coldSignal("-a-b|")
        let signal = source.breakpoint(
            receiveSubscription: {
                checked.mutate { $0.append("subscription") }; return false
            },
            receiveOutput: { element in
                checked.mutate { $0.append(element) }; return false
            },
            receiveCompletion: { _ in
                checked.mutate { $0.append("completion") }; return false
            }
        )
        try scheduler.expectMarbles(signal, "-a-b|")
        #expect(checked.value == ["subscription", "a", "b", "completion"])
    }

    @Test func withoutPredicatesNothingIsChecked() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(source.breakpoint(), "-a#", values: ["a": 1], error: TestError.boom)
    }

    @Test func disposalStopsTheUpstream() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b|")
        try scheduler.expectMarbles(source.breakpoint(receiveOutput: { _ in false }), "-a", disposeAt: 2)
        #expect(source.subscriptions == [TestSubscription(0, 1)])
    }
}
