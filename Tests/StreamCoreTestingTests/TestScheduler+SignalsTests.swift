import StreamCore
import StreamCoreTesting
import Testing

@Suite struct TestSchedulerSignalsTests {
    @Test func coldAndHotSignalsParseWithValuesAndError() throws {
        let scheduler = TestScheduler()
        let cold = try scheduler.coldSignal("a#", values: ["a": 1], error: TestFailure.boom)
        let hot = try scheduler.hotSignal("-a|", values: ["a": 2], error: TestFailure?.none)
        #expect(cold.script == [Recorded(tick: 0, .next(1)), Recorded(tick: 1, .failed(.boom))])
        #expect(hot.script == [Recorded(tick: 1, .next(2)), Recorded(tick: 2, .completed)])
    }

    @Test func stringDiagramsNeedNoTypeAnnotation() throws {
        let scheduler = TestScheduler()
        let typed = try scheduler.coldSignal("-ab---c|")
        try scheduler.expectMarbles(typed.debounce(for: .seconds(2), on: scheduler), "----b--(c|)")
        let clicks = try scheduler.hotSignal("--x|")
        #expect(clicks.script == [Recorded(tick: 2, .next("x")), Recorded(tick: 3, .completed)])
        #expect(throws: MarbleSyntaxError.self) { _ = try scheduler.coldSignal("-#") }
    }

    @Test func overloadsResolveWithAndWithoutAnnotations() throws {
        let scheduler = TestScheduler()
        let safe = try scheduler.coldSignal("-a|", values: ["a": 1])
        let safeHot = try scheduler.hotSignal("-a|", values: ["a": 1])
        let annotated: TestSignal<Int, Never> = try scheduler.coldSignal("-a|", values: ["a": 1])
        let failing: TestSignal<Int, TestFailure> = try scheduler.coldSignal("-a#", values: ["a": 1], error: .boom)
        let strings: TestSignal<String, Never> = try scheduler.coldSignal("-a|")
        #expect(safe.script == annotated.script)
        #expect(safeHot.script == [Recorded(tick: 1, .next(1)), Recorded(tick: 2, .completed)])
        #expect(failing.script.last == Recorded(tick: 2, .failed(.boom)))
        #expect(strings.script.first == Recorded(tick: 1, .next("a")))
    }

    @Test func malformedDiagramsThrow() {
        let scheduler = TestScheduler()
        #expect(throws: MarbleSyntaxError.self) {
            _ = try scheduler.coldSignal("-(a", values: ["a": 1], error: TestFailure?.none)
        }
        #expect(throws: MarbleSyntaxError.self) {
            _ = try scheduler.hotSignal("-#", values: ["a": 1], error: TestFailure?.none)
        }
    }

    @Test func recordObservesFromNow() {
        let scheduler = TestScheduler()
        scheduler.advance(byTicks: 3)
        let recorder = scheduler.record(Signal<Int, Never>(just: 1, after: .seconds(2), scheduler: scheduler))
        scheduler.run()
        #expect(recorder.events == [Recorded(tick: 5, .next(1)), Recorded(tick: 5, .completed)])
    }
}
