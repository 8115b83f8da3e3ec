import TestSupport
import StreamCore
import Testing

@Suite struct SuppressErrorTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func turnsTheFailureIntoACompletion() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, Never>()
        _ = subject.suppressError(logging: false).observe(with: recorder.observer)
        subject.send(1)
        subject.send(completion: .failure(TestError.boom))
        subject.send(2)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func logsTheErrorWithFileAndLineWhenAsked() {
        let lines = Box<[String]>([])
        let recorder = Recorder<Int, Never>()
        let signal = Signal<Int, TestError>.failed(TestError.other(4))
        _ = signal.suppressError(
            logging: true, file: "Feature.swift", line: 12,
            log: { line in
                lines.mutate { $0.append(line) }
            }
        ).observe(with: recorder.observer)
        #expect(lines.value == ["Signal at Feature.swift:12 encountered an error: other(4)"])
        #expect(recorder.events == [.completed])

        _ = signal.suppressError(
            logging: false, file: "Feature.swift", line: 12,
            log: { line in
                lines.mutate { $0.append(line) }
            }
        ).observe(with: recorder.observer)
        #expect(lines.value.count == 1)
    }

    @Test func publicFormPrintsAndCompletes() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, TestError>.sequence([1]).suppressError(logging: true).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func disposeStopsEventsAndDisposesUpstream() {
        let source = Probe<Int, TestError>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.suppressError(logging: false).observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(2)
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1)
    }

    @Test func reentrantSendKeepsOrder() {
        let subject = PassthroughSubject<Int, TestError>()
        let log = Box<[Int]>([])
        bag += subject.suppressError(logging: false).observeNext { value in
            log.mutate { $0.append(value) }
            if value == 1 { subject.send(2) }
            log.mutate { $0.append(-value) }
        }
        subject.send(1)
        #expect(log.value == [1, -1, 2, -2])
    }

    @Test func releasesCapturedObjects() {
        weak var weakRef: Tracked?
        let subject = PassthroughSubject<Int, TestError>()
        do {
            let tracked = Tracked()
            weakRef = tracked
            _ = subject.suppressError(logging: false).observeNext { _ in _ = tracked }
            subject.send(completion: .failure(TestError.boom))
        }
        #expect(weakRef == nil)
    }
}
