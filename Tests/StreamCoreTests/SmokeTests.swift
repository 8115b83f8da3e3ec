import TestSupport
import StreamCore
import Testing

@Suite struct SmokeTests {
    @Test func chainDeliversInOrder() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.sequence(0..<6).map { $0 * 2 }.filter { $0 % 3 != 0 }.observe(with: recorder.observer)
        #expect(recorder.events == [.next(2), .next(4), .next(8), .next(10), .completed])
    }

    @Test func takeStopsInfiniteSequence() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.sequence(1...).take(first: 3).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func subjectBasics() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let d = subject.observe(with: recorder.observer)
        subject.send(1)
        d.dispose()
        subject.send(2)
        #expect(recorder.events == [.next(1)])
        #expect(d.isDisposed)
    }

    @Test func propertyReplaysCurrentValue() {
        let p = Property(1)
        let recorder = Recorder<Int, Never>()
        _ = p.observe(with: recorder.observer)
        p.value = 2
        #expect(recorder.elements == [1, 2])
        #expect(p.value == 2)
    }
}
