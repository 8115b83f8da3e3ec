import TestSupport
import Dispatch
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct SkipUntilTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func dropsElementsUntilTheTriggerSends() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.hotSignal("-a-b-c-d|")
        let trigger: TestSignal<String, Never> = try scheduler.hotSignal("----x-y")
        try scheduler.expectMarbles(source.skip(until: trigger), "-----c-d|")
    }

    @Test func triggerEndingWithoutElementKeepsTheGateClosed() {
        let source = PassthroughSubject<Int, TestError>()
        let trigger = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        _ = source.skip(until: trigger).observe(with: recorder.observer)
        trigger.send(completion: .failure(.boom))
        source.send(1)
        source.send(completion: .finished)
        #expect(recorder.events == [.completed])
    }

    @Test func triggerSendingDuringObserveOpensAtOnce() {
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 2]).skip(until: SafeSignal.just(())).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func sourceFailurePassesThroughAndDisposesTrigger() {
        let source = PassthroughSubject<Int, TestError>()
        let trigger = Probe<Int, Never>()
        let recorder = Recorder<Int, TestError>()
        _ = source.skip(until: trigger.signal).observe(with: recorder.observer)
        source.send(1)
        source.send(completion: .failure(.boom))
        #expect(recorder.events == [.failed(.boom)])
        #expect(trigger.disposals == 1)
    }

    @Test func triggerIsDisposedOnceOpen() {
        let source = PassthroughSubject<Int, Never>()
        let trigger = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = source.skip(until: trigger.signal).observe(with: recorder.observer)
        trigger.send(0)
        source.send(1)
        #expect(recorder.events == [.next(1)])
        #expect(trigger.disposals == 1)
    }

    @Test func disposeDisposesBoth() {
        let source = Probe<Int, Never>()
        let trigger = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.skip(until: trigger.signal).observe(with: recorder.observer)
        trigger.send(0)
        source.send(1)
        observation.dispose()
        source.send(2)
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1 && trigger.disposals == 1)
    }

    @Test func reentrantSendFromTheObserverIsQueued() {
        let source = PassthroughSubject<Int, Never>()
        let log = Box<[String]>([])
        bag += source.skip(until: SafeSignal.just(())).observe(with: { event in
            log.mutate { $0.append("\(event)") }
            if case .next(1) = event {
                source.send(2)
                log.mutate { $0.append("returned") }
            }
        })
        source.send(1)
        #expect(log.value == ["next(1)", "returned", "next(2)"])
    }

    @Test func triggerOnAnotherThreadOpensTheGate() {
        let source = PassthroughSubject<Int, Never>()
        let trigger = PassthroughSubject<Void, Never>()
        let recorder = Recorder<Int, Never>()
        _ = source.skip(until: trigger).observe(with: recorder.observer)
        runConcurrently { thread in
            if thread == 0 {
                trigger.send(())
            } else {
                for index in 0..<500 { source.send(thread * 1_000 + index) }
            }
        }
        source.send(-1)
        #expect(recorder.elements.last == -1)
        #expect(isOrderedPerKey(recorder.elements.dropLast()) { $0 / 1_000 })
    }

    @Test func observationIsReleasedAfterDisposeAndTermination() {
        let source = PassthroughSubject<Int, Never>()
        let trigger = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.skip(until: trigger)) { $0.dispose() })
        #expect(releasesEverything(source.skip(until: trigger)) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0 && trigger.observerCount == 0)
    }
}
