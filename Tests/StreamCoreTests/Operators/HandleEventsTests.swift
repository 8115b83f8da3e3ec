import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct HandleEventsTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    /// A signal that logs every side effect into `log`.
    private func logged<S: SignalProtocol>(_ signal: S, _ log: Box<[String]>) -> Signal<S.Element, S.Error> {
        signal.handleEvents(
            receiveSubscription: { log.mutate { $0.append("subscribe") } },
            receiveOutput: { element in log.mutate { $0.append("next \(element)") } },
            receiveCompletion: { completion in
                if case .finished = completion {
                    log.mutate { $0.append("finished") }
                } else {
                    log.mutate { $0.append("failure") }
                }
            },
            receiveCancel: { log.mutate { $0.append("cancel") } }
        )
    }

    @Test func runsSideEffectsBeforePassingEventsOn() throws {
        let scheduler = TestScheduler()
        let log = Box<[String]>([])
        let source = try scheduler.coldSignal("-a-b|")
        try scheduler.expectMarbles(logged(source, log), "-a-b|")
        #expect(log.value == ["subscribe", "next a", "next b", "finished"])
    }

    @Test func failureIsACompletionNotACancel() throws {
        let scheduler = TestScheduler()
        let log = Box<[String]>([])
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestError.boom)
        try scheduler.expectMarbles(logged(source, log), "-a#", values: ["a": 1], error: TestError.boom)
        #expect(log.value == ["subscribe", "next 1", "failure"])
    }

    @Test func disposalBeforeTerminationCancelsOnce() throws {
        let scheduler = TestScheduler()
        let log = Box<[String]>([])
        let source = try scheduler.coldSignal("-a-b|")
        try scheduler.expectMarbles(logged(source, log), "-a", disposeAt: 2)
        #expect(log.value == ["subscribe", "next a", "cancel"])
        #expect(source.subscriptions == [TestSubscription(0, 1)])
    }

    @Test func takeDownstreamStopsASynchronousUpstreamAndCancels() {
        let log = Box<[String]>([])
        let recorder = Recorder<Int, Never>()
        _ = logged(Signal<Int, Never>.sequence(1...), log).take(first: 2).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(log.value == ["subscribe", "next 1", "next 2", "cancel"])
    }

    @Test func reentrantEventsKeepTheirOrder() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Box<[String]>([])
        let recorder = Recorder<Int, Never>()
        bag += logged(subject, log).observe(with: { event in
            recorder.observer(event)
            if event.element == 1 { subject.send(2) }
        })
        subject.send(1)
        #expect(recorder.elements == [1, 2])
        #expect(log.value == ["subscribe", "next 1", "next 2"])
    }

    @Test func releasesItsClosures() {
        let probe = Probe<Int, Never>()
        weak var weakTracked: Tracked?
        var observation: (any Disposable)?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            observation = probe.signal.handleEvents(receiveOutput: { _ in _ = tracked }).observe(with: { _ in })
        }
        observation?.dispose()
        observation = nil
        #expect(weakTracked == nil)
        #expect(probe.disposals == 1)
    }
}
