import TestSupport
import StreamCore
import Testing

@Suite struct RefCountTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func firstObserverConnectsAndOthersShareTheConnection() {
        let source = CountingSource<Int>()
        let shared = source.signal.publish().refCount()
        #expect(source.subscriptions.value == 0)
        let recorders = (0..<3).map { _ in Recorder<Int, TestError>() }
        let observations = recorders.map { shared.observe(with: $0.observer) }
        source.send(1)
        #expect(source.subscriptions.value == 1)
        #expect(recorders.allSatisfy { $0.elements == [1] })
        observations.forEach { $0.dispose() }
    }

    @Test func observationReportsDisposedOnDisposeAndOnTermination() {
        let source = CountingSource<Int>()
        let shared = source.signal.share(limit: 1)
        let disposed = shared.observe(with: { _ in })
        let ended = shared.observe(with: { _ in })
        #expect(!disposed.isDisposed && !ended.isDisposed)
        disposed.dispose()
        #expect(disposed.isDisposed && !ended.isDisposed)
        source.subject.send(completion: .finished)
        #expect(ended.isDisposed)
    }

    @Test func lastObserverLeavingDisposesTheSource() {
        let disposed = AtomicCounter()
        let subject = PassthroughSubject<Int, Never>()
        let shared = Signal<Int, Never>({ observer in
            let inner = subject.observe(with: { observer.on($0) })
            return BlockDisposable {
                inner.dispose()
                disposed.increment()
            }
        }).replay(limit: 1).refCount()
        let first = shared.observe(with: { _ in })
        let second = shared.observe(with: { _ in })
        first.dispose()
        #expect(disposed.value == 0)
        #expect(subject.observerCount == 1)
        second.dispose()
        #expect(disposed.value == 1)
        #expect(subject.observerCount == 0)
        second.dispose()  // idempotent: no second release
        #expect(disposed.value == 1)
    }

    @Test func newObserverAfterAllLeftReconnects() {
        let source = CountingSource<Int>()
        let shared = source.signal.publish().refCount()
        shared.observe(with: { _ in }).dispose()
        #expect(source.subscriptions.value == 1)
        #expect(source.active.value == 0)
        let recorder = Recorder<Int, TestError>()
        let observation = shared.observe(with: recorder.observer)
        source.send(2)
        #expect(source.subscriptions.value == 2)
        #expect(source.active.value == 1)
        #expect(recorder.elements == [2])
        observation.dispose()
        #expect(source.active.value == 0)
    }

    @Test func observerAddedFromInsideAHandlerGetsReplayThenLaterEventsInOrder() {
        defer { bag.dispose() }  // a handler below captures the bag: dispose it explicitly
        let source = CountingSource<Int>()
        let shared = source.signal.replay(limit: 1).refCount()
        let first = Recorder<Int, TestError>()
        let second = Recorder<Int, TestError>()
        let added = Box(false)
        bag += shared.observe(with: { event in
            first.observer(event)
            if event.element == 1,
                !added.mutate({
                    let was = $0; $0 = true; return was
                })
            {
                bag += shared.observe(with: second.observer)
            }
        })
        source.send(1)
        source.send(2)
        #expect(first.elements == [1, 2])
        #expect(second.elements == [1, 2])
        #expect(source.subscriptions.value == 1)
    }

    @Test func observerDisposedFromInsideAnotherHandlerGetsNothingMore() {
        let source = CountingSource<Int>()
        let shared = source.signal.publish().refCount()
        let victim = Box<(any Disposable)?>(nil)
        let first = Recorder<Int, TestError>()
        let second = Recorder<Int, TestError>()
        bag += shared.observe(with: { event in
            first.observer(event)
            if event.element == 2 { victim.value?.dispose() }
        })
        victim.mutate { $0 = shared.observe(with: second.observer) }
        source.send(1)
        source.send(2)  // disposed before its turn for this very event
        source.send(3)
        #expect(first.elements == [1, 2, 3])
        #expect(second.elements == [1])
        #expect(source.active.value == 1)
    }

    @Test func sendIntoTheSourceFromInsideAHandlerIsDeliveredAfterTheCurrentEvent() {
        let source = CountingSource<Int>()
        let shared = source.signal.share(limit: 1)
        let log = LockedLog<String>()
        bag += shared.observe(with: { event in
            guard let element = event.element else { return }
            log.append("a\(element)")
            if element == 1 { source.send(2) }
        })
        bag += shared.observe(with: { event in
            if let element = event.element { log.append("b\(element)") }
        })
        source.send(1)
        #expect(log.values == ["a1", "b1", "a2", "b2"])
    }

    @Test func lastObserverDisposingItselfFromItsHandlerDisconnects() {
        let source = CountingSource<Int>()
        let shared = source.signal.share(limit: 1)
        let me = Box<(any Disposable)?>(nil)
        let recorder = Recorder<Int, TestError>()
        me.mutate {
            $0 = shared.observe(with: { event in
                recorder.observer(event)
                if event.element == 1 { me.value?.dispose() }
            })
        }
        source.send(1)
        source.send(2)
        #expect(recorder.elements == [1])
        #expect(source.active.value == 0)
        #expect(source.disposals.value == 1)
        let again = Recorder<Int, TestError>()
        let observation = shared.observe(with: again.observer)
        source.send(3)
        #expect(again.elements == [1, 3])
        #expect(source.subscriptions.value == 2)
        observation.dispose()
    }

    @Test func downstreamTakeStopsASynchronousSourceEarly() {
        let produced = AtomicCounter()
        let shared = Signal<Int, Never>.sequence(1...100_000)
            .map { element in
                produced.increment()
                return element
            }
            .share()
        let first = Recorder<Int, Never>()
        _ = shared.take(first: 3).observe(with: first.observer)
        #expect(first.events == [.next(1), .next(2), .next(3), .completed])
        #expect(produced.value == 3)
        let second = Recorder<Int, Never>()
        _ = shared.take(first: 2).observe(with: second.observer)
        #expect(second.events == [.next(1), .next(2), .completed])
        #expect(produced.value == 5)
    }

    @Test func foreignConnectableIsConnectedOnceAndDisconnectedByTheLastObserver() {
        let inner = CountingSource<Int>()
        let foreign = ForeignConnectable(base: inner.signal.publish())
        let shared = foreign.refCount()
        let first = shared.observe(with: { _ in })
        let second = shared.observe(with: { _ in })
        #expect(foreign.connects.value == 1)
        first.dispose()
        #expect(inner.active.value == 1)
        second.dispose()
        #expect(inner.active.value == 0)
        shared.observe(with: { _ in }).dispose()
        #expect(foreign.connects.value == 2)
        #expect(inner.maxActive.value == 1)
    }

    @Test func twoRefCountsOverOneConnectableKeepItConnectedUntilBothAreEmpty() {
        let source = CountingSource<Int>()
        let connectable = source.signal.publish()
        let first = connectable.refCount()
        let second = connectable.refCount()
        let recorder = Recorder<Int, TestError>()
        let a = first.observe(with: { _ in })
        let b = second.observe(with: recorder.observer)
        #expect(source.subscriptions.value == 1)
        a.dispose()
        source.send(1)
        #expect(recorder.elements == [1])
        #expect(source.active.value == 1)
        b.dispose()
        #expect(source.active.value == 0)
        #expect(source.maxActive.value == 1)
    }

    @Test func connectionDisposedElsewhereIsReplacedByTheNextObserver() {
        let source = CountingSource<Int>()
        let connectable = source.signal.publish()
        let shared = connectable.refCount()
        let recorder = Recorder<Int, TestError>()
        bag += shared.observe(with: recorder.observer)
        connectable.connect().dispose()  // the live connection, disposed behind refCount's back
        #expect(source.active.value == 0)
        bag += shared.observe(with: { _ in })
        source.send(1)
        #expect(source.active.value == 1)
        #expect(recorder.elements == [1])
    }
}

/// A connectable that is not a `ConnectableSignal`: refCount drives it through `connect()` only.
private struct ForeignConnectable: ConnectableSignalProtocol {
    let base: ConnectableSignal<Signal<Int, TestError>>
    let connects = AtomicCounter()

    func connect() -> any Disposable {
        connects.increment()
        return base.connect()
    }

    func observe(with observer: @escaping @Sendable (Signal<Int, TestError>.Event) -> Void) -> any Disposable {
        base.observe(with: observer)
    }
}
