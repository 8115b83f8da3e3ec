import TestSupport
import Dispatch
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct ReceiveOnTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func deliversOnTheContextInOrder() async {
        let queue = DispatchQueue(label: "receive-on-tests")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let done = DispatchSemaphore(value: 0)
        let recorder = Recorder<Int, Never>()
        let onQueue = Box<[Int?]>([])
        _ = Signal<Int, Never>.sequence(1...5).receive(on: queue.context).observe { event in
            onQueue.mutate { $0.append(DispatchQueue.getSpecific(key: key)) }
            recorder.observer(event)
            if event.isTerminal { done.signal() }
        }
        #expect(await wait(for: done))
        #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .next(5), .completed])
        #expect(onQueue.value == Array(repeating: 1, count: 6))
    }

    @Test func mainDeliversOnTheMainQueue() async {
        let key = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: key, value: 9)
        defer { DispatchQueue.main.setSpecific(key: key, value: nil) }
        let done = DispatchSemaphore(value: 0)
        let seen = Box<[Int?]>([])
        _ = Signal<Int, Never>.sequence([1, 2]).receive(on: .main).observe { event in
            seen.mutate { $0.append(DispatchQueue.getSpecific(key: key)) }
            if event.isTerminal { done.signal() }
        }
        #expect(await wait(for: done))
        #expect(seen.value == [9, 9, 9])
    }

    @Test func schedulerOverloadDeliversWhenTheSchedulerRuns() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.sequence([1, 2]).receive(on: scheduler).observe(with: recorder.observer)
        #expect(recorder.events.isEmpty)
        scheduler.advance()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func burstIsDeliveredByOneScheduledDrain() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = subject.receive(on: scheduler).observe(with: recorder.observer)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(scheduler.pendingCount == 1)
        scheduler.advance()
        #expect(recorder.elements == [1, 2, 3])
        subject.send(4)
        #expect(scheduler.pendingCount == 1)
        scheduler.advance()
        #expect(recorder.elements == [1, 2, 3, 4])
    }

    @Test func immediateAddsNoHop() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.sequence([1, 2]).receive(on: .immediate).observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        let viaScheduler = Recorder<Int, Never>()
        _ = Signal<Int, Never>.sequence([3]).receive(on: ImmediateScheduler()).observe(with: viaScheduler.observer)
        #expect(viaScheduler.events == [.next(3), .completed])
    }

    @Test func disposingDropsQueuedEventsAndDisposesTheUpstream() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = subject.receive(on: scheduler).observe(with: recorder.observer)
        subject.send(1)
        subject.send(2)
        #expect(subject.observerCount == 1)
        observation.dispose()
        #expect(subject.observerCount == 0)
        #expect(observation.isDisposed)
        scheduler.advance()
        subject.send(3)
        scheduler.advance()
        #expect(recorder.events.isEmpty)
    }

    @Test func terminalEventDisposesTheUpstreamAndReleasesTheObserver() {
        let scheduler = TestScheduler()
        let upstreamDisposed = Box(false)
        // Parenthesized: inside the package a trailing closure would also match `init(trusted:)`.
        let signal = Signal<Int, Never>({ observer in
            observer.receive(lastElement: 1)
            return BlockDisposable { upstreamDisposed.mutate { $0 = true } }
        })
        weak var weakTracked: Tracked?
        let observation: any Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            observation = signal.receive(on: scheduler).observe { _ in _ = tracked }
        }
        #expect(weakTracked != nil)
        scheduler.advance()
        #expect(weakTracked == nil)
        #expect(observation.isDisposed)
        // The guarded producer already completed, so its disposable was disposed on completion.
        #expect(upstreamDisposed.value)
    }

    @Test func disposingReleasesTheObserverAtOnce() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        weak var weakTracked: Tracked?
        let observation: any Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            observation = subject.receive(on: scheduler).observe { _ in _ = tracked }
        }
        subject.send(1)
        observation.dispose()
        #expect(weakTracked == nil)
        scheduler.advance()
    }

    @Test func eventSentFromTheHandlerIsDeliveredAfterTheCurrentOne() {
        // A context that runs work synchronously makes the re-entrant case deterministic.
        let synchronous = ExecutionContext { work in work() }
        let subject = PassthroughSubject<Int, Never>()
        let log = Box<[String]>([])
        bag += subject.receive(on: synchronous).observeNext { value in
            log.mutate { $0.append("begin \(value)") }
            if value == 1 { subject.send(2) }
            log.mutate { $0.append("end \(value)") }
        }
        subject.send(1)
        #expect(log.value == ["begin 1", "end 1", "begin 2", "end 2"])
    }

    @Test func downstreamTakeEndsTheHop() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = subject.receive(on: scheduler).take(first: 2).observe(with: recorder.observer)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        scheduler.advance()
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(subject.observerCount == 0)
    }

    @Test func failureIsDeliveredInTheContext() {
        struct Failure: Error, Equatable {}
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Failure>()
        _ = Signal<Int, Failure>.failed(Failure()).receive(on: scheduler).observe(with: recorder.observer)
        #expect(recorder.events.isEmpty)
        scheduler.advance()
        #expect(recorder.events == [.failed(Failure())])
    }
}
