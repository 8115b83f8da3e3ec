import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct DebugTests {
    @Test func printsEveryEventWithTheName() throws {
        let scheduler = TestScheduler()
        let lines = Box<[String]>([])
        let source = try scheduler.coldSignal("-a-#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(
            source.debug("prices", to: { line in lines.mutate { $0.append(line) } }), "-a-#",
            values: ["a": 1], error: TestError.boom
        )
        #expect(lines.value == ["prices: subscribed", "prices: next(1)", "prices: failed(boom)"])
    }

    @Test func printsCompletionAndDisposalWithoutAName() throws {
        let scheduler = TestScheduler()
        let lines = Box<[String]>([])
        let sink: @Sendable (String) -> Void = { line in lines.mutate { $0.append(line) } }
        try scheduler.expectMarbles(try scheduler.coldSignal("-a|").debug(to: sink), "-a|")
        try scheduler.expectMarbles(try scheduler.coldSignal("-a-b|").debug("x", to: sink), "-a", disposeAt: 2)
        #expect(lines.value == ["subscribed", "next(a)", "completed", "x: subscribed", "x: next(a)", "x: disposed"])
    }

    @Test func defaultSinkPrintsWithoutChangingEvents() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.just(1).debug("default sink").observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .completed])
    }
}
