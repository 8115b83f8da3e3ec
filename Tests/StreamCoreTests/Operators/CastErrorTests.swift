import StreamCore
import StreamCoreTesting
import Testing

@Suite struct CastErrorTests {
    @Test func aSafeSignalTakesAnyErrorType() throws {
        let scheduler = TestScheduler()
        let safe = try scheduler.coldSignal("-a-b|")
        let typed: Signal<String, TestError> = safe.castError()
        try scheduler.expectMarbles(typed, "-a-b|")
        try scheduler.expectMarbles(safe.castError(to: TestError.self).merge(with: Signal.failed(.boom)), "#", error: TestError.boom)
    }

    @Test func disposalStopsTheUpstream() {
        let probe = Probe<Int, Never>()
        let observation = probe.signal.castError(to: TestError.self).observe(with: { _ in })
        observation.dispose()
        #expect(probe.disposals == 1)
    }
}
