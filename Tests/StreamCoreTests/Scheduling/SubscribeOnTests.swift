import TestSupport
import Dispatch
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct SubscribeOnTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    /// A signal that records where and whether its producer ran.
    private static func probe(runs: Box<Int>, disposed: Box<Bool>) -> Signal<Int, Never> {
        // Parenthesized: inside the package a trailing closure would also match `init(trusted:)`.
        Signal<Int, Never>({ observer in
            runs.mutate { $0 += 1 }
            observer.receive(1)
            return BlockDisposable { disposed.mutate { $0 = true } }
        })
    }

    @Test func producerRunsInTheContext() async {
        let queue = DispatchQueue(label: "subscribe-on-tests")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 5)
        let done = DispatchSemaphore(value: 0)
        let producerQueue = Box<Int?>(nil)
        let signal = Signal<Int, Never>({ observer in
            producerQueue.mutate { $0 = DispatchQueue.getSpecific(key: key) }
            observer.receive(lastElement: 1)
            return NonDisposable.instance
        })
        let recorder = Recorder<Int, Never>()
        bag += signal.subscribe(on: queue.context).observe { event in
            recorder.observer(event)
            if event.isTerminal { done.signal() }
        }
        #expect(await wait(for: done))
        #expect(producerQueue.value == 5)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func producerStartsOnlyWhenTheSchedulerRuns() {
        let scheduler = TestScheduler()
        let runs = Box(0)
        let disposed = Box(false)
        let recorder = Recorder<Int, Never>()
        let observation = Self.probe(runs: runs, disposed: disposed)
            .subscribe(on: scheduler)
            .observe(with: recorder.observer)
        #expect(runs.value == 0)
        scheduler.advance()
        #expect(runs.value == 1)
        #expect(recorder.elements == [1])
        #expect(!disposed.value)
        observation.dispose()
        #expect(disposed.value)
    }

    @Test func disposingBeforeTheStartMeansItNeverStarts() {
        let scheduler = TestScheduler()
        let runs = Box(0)
        let disposed = Box(false)
        let recorder = Recorder<Int, Never>()
        let observation = Self.probe(runs: runs, disposed: disposed)
            .subscribe(on: scheduler.context)
            .observe(with: recorder.observer)
        observation.dispose()
        scheduler.advance()
        #expect(runs.value == 0)
        #expect(recorder.events.isEmpty)
    }

    @Test func disposingWhileTheProducerRunsStopsDeliveryAtOnce() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>()
        let observation = Box<(any Disposable)?>(nil)
        // A guarded producer that ignores `isDisposed` and is disposed from outside mid-way.
        let signal = Signal<Int, Never>({ observer in
            observer.receive(1)
            observation.value?.dispose()
            observer.receive(2)
            return NonDisposable.instance
        })
        let disposable = signal.subscribe(on: scheduler).observe(with: recorder.observer)
        observation.mutate { $0 = disposable }
        scheduler.advance()
        #expect(recorder.events == [.next(1)])
        #expect(disposable.isDisposed)
    }

    @Test func immediateAddsNoHop() {
        let runs = Box(0)
        let disposed = Box(false)
        let recorder = Recorder<Int, Never>()
        _ = Self.probe(runs: runs, disposed: disposed).subscribe(on: .immediate).observe(with: recorder.observer)
        #expect(runs.value == 1)
        #expect(recorder.elements == [1])
        _ = Self.probe(runs: runs, disposed: disposed)
            .subscribe(on: ImmediateScheduler())
            .observe(with: recorder.observer)
        #expect(runs.value == 2)
    }

    @Test func downstreamTakeStopsASynchronousInfiniteProducer() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.sequence(1...)
            .subscribe(on: scheduler)
            .take(first: 3)
            .observe(with: recorder.observer)
        scheduler.advance()
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }
}
