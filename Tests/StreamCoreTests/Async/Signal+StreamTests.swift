import TestSupport
import StreamCore
import Testing

@Suite struct SignalStreamTests {
    @Test func yieldsAndFinishes() {
        let terminations = Box<[String]>([])
        let signal = Signal<Int, TestError>.stream { continuation in
            continuation.onTermination = { reason in terminations.mutate { $0.append("\(reason)") } }
            continuation.yield(1)
            continuation.yield(2)
            continuation.finish()
            continuation.yield(3)
        }
        let recorder = Recorder<Int, TestError>()
        _ = signal.observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(terminations.value == ["finished"])
        let second = Recorder<Int, TestError>()
        _ = signal.observe(with: second.observer)
        #expect(second.events == recorder.events)
    }

    @Test func finishThrowingFails() {
        let recorder = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.stream { continuation in
            continuation.yield(1)
            continuation.finish(throwing: .boom)
            #expect(continuation.isTerminated)
        }.observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .failed(.boom)])
    }

    @Test func disposalCancelsAndDropsLaterEvents() {
        let saved = Box<[Signal<Int, Never>.Continuation]>([])
        let terminations = Box<[String]>([])
        let recorder = Recorder<Int, Never>()
        let observation = Signal<Int, Never>.stream { continuation in
            continuation.onTermination = { reason in terminations.mutate { $0.append("\(reason)") } }
            saved.mutate { $0.append(continuation) }
        }.observe(with: recorder.observer)
        let continuation = saved.value[0]
        continuation.yield(1)
        observation.dispose()
        continuation.yield(2)
        continuation.finish()
        #expect(recorder.events == [.next(1)])
        #expect(continuation.isTerminated)
        #expect(terminations.value == ["cancelled"])
        // A handler set after the end is called at once with the reason.
        continuation.onTermination = { reason in terminations.mutate { $0.append("late \(reason)") } }
        #expect(terminations.value == ["cancelled", "late cancelled"])
    }

    @Test func yieldsFromManyThreadsAreSerialized() {
        let detector = OverlapDetector()
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.stream { continuation in
            runConcurrently { thread in
                for index in 0..<500 { continuation.yield(thread * 1_000 + index) }
            }
            continuation.finish()
        }.observe(with: { event in
            detector.enter()
            recorder.observer(event)
            detector.leave()
        })
        #expect(detector.overlapCount == 0)
        #expect(recorder.elements.count == 8 * 500)
        #expect(recorder.events.last == .completed)
    }
}
