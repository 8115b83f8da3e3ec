import TestSupport
import Foundation
import StreamCore
import Testing

@Suite struct SignalTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    /// A producer that keeps its observer so the test can send later, from anywhere.
    final class Captured<Element: Sendable, Failure: Error>: @unchecked Sendable {
        // @unchecked Sendable: `observers` is only touched with `lock` held.
        private let lock = NSLock()
        private var observers: [Observer<Element, Failure>] = []
        let disposals = Box(0)
        let runs = Box(0)

        var signal: Signal<Element, Failure> {
            Signal { observer in
                self.runs.mutate { $0 += 1 }
                self.lock.lock()
                self.observers.append(observer)
                self.lock.unlock()
                return countingDisposable(self.disposals)
            }
        }

        var observer: Observer<Element, Failure> {
            lock.lock()
            defer { lock.unlock() }
            return observers[observers.count - 1]
        }
    }

    @Test func producerRunsOncePerObservation() {
        let captured = Captured<Int, Never>()
        let signal = captured.signal
        #expect(captured.runs.value == 0)
        _ = signal.observe { _ in }
        _ = signal.observe { _ in }
        #expect(captured.runs.value == 2)
    }

    @Test func deliversEventsInProducerOrder() {
        let signal = Signal<Int, TestError> { observer in
            observer.receive(1)
            observer(.next(2))
            observer.receive(completion: .failure(.boom))
            return NonDisposable.instance
        }
        let recorder = Recorder<Int, TestError>()
        _ = signal.observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .failed(.boom)])
    }

    @Test func dropsEverythingAfterTerminalEvent() {
        let signal = Signal<Int, TestError> { observer in
            observer.receive(1)
            observer.receive(completion: .finished)
            observer.receive(2)
            observer.receive(completion: .failure(.boom))
            return NonDisposable.instance
        }
        let recorder = Recorder<Int, TestError>()
        _ = signal.observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func terminalEventDisposesProducerAndObservation() {
        let captured = Captured<Int, Never>()
        let disposable = captured.signal.observe { _ in }
        #expect(!disposable.isDisposed)
        captured.observer.receive(lastElement: 1)
        #expect(captured.disposals.value == 1)
        #expect(disposable.isDisposed)
    }

    @Test func synchronousCompletionDisposesProducerDisposableReturnedLater() {
        let disposals = Box(0)
        let signal = Signal<Int, Never> { observer in
            observer.receive(completion: .finished)
            return countingDisposable(disposals)
        }
        let disposable = signal.observe { _ in }
        #expect(disposals.value == 1)
        #expect(disposable.isDisposed)
    }

    @Test func disposeStopsDeliveryAndDisposesProducerOnce() {
        let captured = Captured<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let disposable = captured.signal.observe(with: recorder.observer)
        captured.observer.receive(1)
        disposable.dispose()
        disposable.dispose()
        captured.observer.receive(2)
        captured.observer.receive(completion: .finished)
        #expect(recorder.events == [.next(1)])
        #expect(captured.disposals.value == 1)
        #expect(captured.observer.isDisposed)
    }

    @Test func disposeFromInsideHandlerDropsQueuedEvents() {
        let captured = Captured<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let handle = Box<(any Disposable)?>(nil)
        let disposable = captured.signal.observe { event in
            recorder.observer(event)
            if event.element == 1 {
                captured.observer.receive(2)  // queued behind the current delivery
                handle.value?.dispose()  // so it must be dropped
            }
        }
        handle.mutate { $0 = disposable }
        captured.observer.receive(1)
        captured.observer.receive(3)
        #expect(recorder.events == [.next(1)])
        #expect(captured.disposals.value == 1)
    }

    @Test func reentrantSendsAreQueuedInOrderWithoutRecursion() {
        let captured = Captured<Int, Never>()
        let depth = Box(0)
        let maxDepth = Box(0)
        let recorder = Recorder<Int, Never>()
        bag += captured.signal.observe { event in
            let current = depth.mutate {
                $0 += 1; return $0
            }
            maxDepth.mutate { $0 = max($0, current) }
            recorder.observer(event)
            if let value = event.element, value >= 0, value < 10_000 {
                captured.observer.receive(value + 1)
                if value == 0 { captured.observer.receive(-1) }
            }
            depth.mutate { $0 -= 1 }
        }
        captured.observer.receive(0)
        #expect(maxDepth.value == 1)
        #expect(recorder.elements.count == 10_002)
        #expect(Array(recorder.elements.prefix(3)) == [0, 1, -1])
        #expect(Array(recorder.elements.dropFirst(3).prefix(3)) == [2, 3, 4])
    }

    @Test func concurrentSendsAreDeliveredSeriallyAndCompletely() {
        let captured = Captured<[Int], Never>()
        let detector = OverlapDetector()
        let perThread = Box<[Int: [Int]]>([:])
        _ = captured.signal.observe { event in
            detector.enter()
            if let pair = event.element { perThread.mutate { $0[pair[0], default: []].append(pair[1]) } }
            detector.leave()
        }
        let observer = captured.observer
        runConcurrently { thread in
            for index in 0..<2_000 { observer.receive([thread, index]) }
        }
        #expect(detector.overlapCount == 0)
        #expect(perThread.value.count == 8)
        for thread in 0..<8 {
            #expect(perThread.value[thread] == Array(0..<2_000))
        }
    }

    @Test func nothingSentAfterDisposeReturnsIsDelivered() {
        for _ in 0..<20 {
            let captured = Captured<Bool, Never>()
            let lateDeliveries = Box(0)
            let disposable = captured.signal.observe { event in
                if event.element == true { lateDeliveries.mutate { $0 += 1 } }
            }
            let observer = captured.observer
            let disposed = Box(false)
            runConcurrently { thread in
                if thread == 0 {
                    for _ in 0..<100 { observer.receive(false) }
                    disposable.dispose()
                    disposed.mutate { $0 = true }
                } else {
                    for _ in 0..<500 { observer.receive(disposed.value) }
                }
            }
            #expect(lateDeliveries.value == 0)
            #expect(captured.disposals.value == 1)
        }
    }

    @Test func concurrentDisposeRunsProducerDisposalOnce() {
        let captured = Captured<Int, Never>()
        let disposable = captured.signal.observe { _ in }
        runConcurrently { _ in disposable.dispose() }
        #expect(captured.disposals.value == 1)
        #expect(disposable.isDisposed)
    }

    @Test func observerIsReleasedAfterTerminalEventEvenIfDisposableIsKept() {
        let captured = Captured<Int, Never>()
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked!)
        let disposable = captured.signal.observe { [tracked] _ in _ = tracked }
        tracked = nil
        #expect(weak.object != nil)
        captured.observer.receive(completion: .finished)
        #expect(weak.object == nil)
        _ = disposable
    }

    @Test func observerAndProducerResourcesAreReleasedAfterDispose() {
        var tracked: Tracked? = Tracked()
        let weakObserverCapture = WeakRef(tracked!)
        let weakResource = Box<WeakRef<Tracked>?>(nil)
        let signal = Signal<Int, Never> { _ in
            let resource = Tracked()
            weakResource.mutate { $0 = WeakRef(resource) }
            return BlockDisposable { _ = resource }
        }
        let disposable = signal.observe { [tracked] _ in _ = tracked }
        tracked = nil
        #expect(weakObserverCapture.object != nil)
        #expect(weakResource.value?.object != nil)
        disposable.dispose()
        #expect(weakObserverCapture.object == nil)
        #expect(weakResource.value?.object == nil)
    }

    @Test func loopingProducerStopsWhenDownstreamIsDone() {
        let produced = Box(0)
        let signal = Signal<Int, Never> { observer in
            var value = 0
            while !observer.isDisposed, value < 1_000_000 {
                observer.receive(value)
                value += 1
            }
            produced.mutate { $0 = value }
            return NonDisposable.instance
        }
        let recorder = Recorder<Int, Never>()
        _ = signal.take(first: 5).observe(with: recorder.observer)
        #expect(recorder.events == [.next(0), .next(1), .next(2), .next(3), .next(4), .completed])
        #expect(produced.value == 5)
    }

    @Test func safeSignalAliasIsSignalWithNever() {
        #expect(SafeSignal<Int>.self == Signal<Int, Never>.self)
    }
}
