import TestSupport
import StreamCore
import Testing

@Suite struct ReplaceEmptyTests {
    @Test func sendsTheReplacementOnlyForAnEmptySignal() {
        let empty = Recorder<Int, Never>()
        _ = SafeSignal<Int>.completed().replaceEmpty(with: 9).observe(with: empty.observer)
        #expect(empty.events == [.next(9), .completed])
        let nonEmpty = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1]).replaceEmpty(with: 9).observe(with: nonEmpty.observer)
        #expect(nonEmpty.events == [.next(1), .completed])
    }

    @Test func passesAFailureOnWithoutTheReplacement() {
        let recorder = Recorder<Int, ReplaceEmptyFailure>()
        _ = Signal<Int, ReplaceEmptyFailure>.failed(.boom).replaceEmpty(with: 9).observe(with: recorder.observer)
        #expect(recorder.events == [.failed(.boom)])
    }
}

private enum ReplaceEmptyFailure: Error, Equatable { case boom }
