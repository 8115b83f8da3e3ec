import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct TakeUntilTests {
    @Test func passesElementsUntilTheTriggerSends() {
        let source = Probe<Int, TestError>()
        let trigger = Probe<Void, Never>()
        let recorder = Recorder<Int, TestError>()
        _ = source.signal.take(until: trigger.signal).observe(with: recorder.observer)
        source.send(1)
        source.send(2)
        trigger.send(())
        source.send(3)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(source.disposals == 1 && trigger.disposals == 1)
    }

    @Test func triggerCompletionOrFailureAlsoCompletes() {
        let completing = PassthroughSubject<Int, Never>()
        let first = Recorder<Int, Never>()
        _ = SafeSignal<Int>.never().take(until: completing).observe(with: first.observer)
        completing.send(completion: .finished)
        #expect(first.events == [.completed])

        let failing = PassthroughSubject<Int, TestError>()
        let second = Recorder<Int, Never>()
        _ = SafeSignal<Int>.never().take(until: failing).observe(with: second.observer)
        failing.send(completion: .failure(TestError.boom))
        #expect(second.events == [.completed])
    }

    @Test func sourceTerminationPassesThroughAndDisposesTrigger() {
        let source = PassthroughSubject<Int, TestError>()
        let trigger = Probe<Int, Never>()
        let recorder = Recorder<Int, TestError>()
        _ = source.take(until: trigger.signal).observe(with: recorder.observer)
        source.send(1)
        source.send(completion: .failure(TestError.other(2)))
        #expect(recorder.events == [.next(1), .failed(TestError.other(2))])
        #expect(trigger.disposals == 1)

        let completed = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence([1, 2]).take(until: SafeSignal<Int>.never())
            .observe(with: completed.observer)
        #expect(completed.events == [.next(1), .next(2), .completed])
    }

    @Test func triggerFiringDuringObserveSkipsTheSource() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = source.signal.take(until: SafeSignal.just(())).observe(with: recorder.observer)
        #expect(recorder.events == [.completed])
        #expect(source.subscriptions == 0)
    }

    @Test func disposeDisposesBoth() {
        let source = Probe<Int, Never>()
        let trigger = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.take(until: trigger.signal).observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(2)
        trigger.send(0)
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1 && trigger.disposals == 1)
    }

    @Test func triggerSentFromInsideTheObserverEndsAfterTheCurrentElement() {
        let source = PassthroughSubject<Int, Never>()
        let trigger = PassthroughSubject<Void, Never>()
        let log = Box<[String]>([])
        _ = source.take(until: trigger).observe(with: { event in
            log.mutate { $0.append("\(event)") }
            if case .next(1) = event {
                trigger.send(())
                source.send(2)
                log.mutate { $0.append("returned") }
            }
        })
        source.send(1)
        #expect(log.value == ["next(1)", "returned", "completed"])
    }

    @Test func releasesCapturedObjects() {
        weak var weakRef: Tracked?
        let source = PassthroughSubject<Int, Never>()
        let trigger = PassthroughSubject<Void, Never>()
        do {
            let tracked = Tracked()
            weakRef = tracked
            _ = source.take(until: trigger).observeNext { _ in _ = tracked }
            source.send(1)
            trigger.send(())
        }
        #expect(weakRef == nil)
        #expect(source.observerCount == 0)
    }

    @Test func triggerOnAnotherThreadStopsTheSource() {
        let source = PassthroughSubject<Int, Never>()
        let trigger = PassthroughSubject<Void, Never>()
        let recorder = Recorder<Int, Never>()
        _ = source.take(until: trigger).observe(with: recorder.observer)
        runConcurrently { thread in
            if thread == 0 {
                trigger.send(())
            } else {
                for index in 0..<500 { source.send(thread * 1_000 + index) }
            }
        }
        source.send(-1)
        #expect(recorder.events.last == .completed)
        #expect(recorder.events.filter(\.isTerminal).count == 1)
        #expect(!recorder.elements.contains(-1))
        #expect(isOrderedPerKey(recorder.elements) { $0 / 1_000 })
    }

    @Test func observationIsReleasedAfterDisposeAndTermination() {
        let source = PassthroughSubject<Int, Never>()
        let trigger = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.take(until: trigger)) { $0.dispose() })
        #expect(releasesEverything(source.take(until: trigger)) { _ in trigger.send(1) })
        #expect(source.observerCount == 0 && trigger.observerCount == 0)
    }
}
