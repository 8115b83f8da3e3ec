import TestSupport
import StreamCore
import Testing

@Suite struct PausableTests {
    @Test func dropsElementsWhileTheControlIsFalse() {
        let source = PassthroughSubject<Int, Never>()
        let control = PassthroughSubject<Bool, Never>()
        let recorder = Recorder<Int, Never>()
        _ = source.pausable(by: control).observe(with: recorder.observer)
        source.send(1)
        control.send(false)
        source.send(2)
        control.send(true)
        source.send(3)
        control.send(false)
        source.send(completion: .finished)
        #expect(recorder.events == [.next(1), .next(3), .completed])
        #expect(control.observerCount == 0)
    }
}
