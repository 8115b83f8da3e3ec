import TestSupport
import Foundation
import StreamCore
import Testing

@Suite struct ConnectableSignalTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    typealias Events = [Signal<Int, TestError>.Event]

    @Test func observersReceiveNothingUntilConnectedThenShareOneObservation() {
        let source = CountingSource<Int>()
        let connectable = ConnectableSignal(source: source.signal, subject: PassthroughSubject())
        let first = Recorder<Int, TestError>()
        let second = Recorder<Int, TestError>()
        _ = connectable.observe(with: first.observer)
        _ = connectable.observe(with: second.observer)
        source.send(0)
        #expect(source.subscriptions.value == 0)

        let connection = connectable.connect()
        source.send(1)
        source.send(2)
        #expect(source.subscriptions.value == 1)
        #expect(first.elements == [1, 2])
        #expect(second.elements == [1, 2])
        connection.dispose()
    }

    @Test func connectWhileConnectedReturnsTheLiveConnection() {
        let source = CountingSource<Int>()
        let connectable = source.signal.publish()
        let first = connectable.connect()
        let second = connectable.connect()
        #expect(source.subscriptions.value == 1)
        #expect(!first.isDisposed)
        second.dispose()  // the same connection: disposing either disconnects
        #expect(first.isDisposed)
        #expect(source.active.value == 0)
    }

    @Test func disposingTheConnectionDisposesTheSourceButKeepsObservers() {
        let disposed = AtomicCounter()
        let subject = PassthroughSubject<Int, TestError>()
        let source = Signal<Int, TestError>({ observer in
            let inner = subject.observe(with: { observer.on($0) })
            return BlockDisposable {
                inner.dispose()
                disposed.increment()
            }
        })
        let connectable = source.publish()
        let recorder = Recorder<Int, TestError>()
        _ = connectable.observe(with: recorder.observer)
        let connection = connectable.connect()
        subject.send(1)
        connection.dispose()
        #expect(disposed.value == 1)
        #expect(connection.isDisposed)
        subject.send(2)

        let again = connectable.connect()
        subject.send(3)
        #expect(recorder.elements == [1, 3])
        again.dispose()
        #expect(disposed.value == 2)
    }

    @Test func reconnectingFeedsTheSameSubjectSoTheOldBufferIsReplayed() {
        let source = CountingSource<Int>()
        let connectable = source.signal.replay(limit: 2)
        let connection = connectable.connect()
        source.send(1)
        source.send(2)
        connection.dispose()
        source.send(99)  // nobody is connected: lost

        let reconnection = connectable.connect()
        source.send(3)
        let late = Recorder<Int, TestError>()
        _ = connectable.observe(with: late.observer)
        #expect(late.elements == [2, 3])
        #expect(source.subscriptions.value == 2)
        reconnection.dispose()
    }

    @Test func terminationIsFinalAndTheProducerNeverRunsAgain() {
        let runs = AtomicCounter()
        let source = Signal<Int, TestError>({ observer in
            runs.increment()
            observer.receive(1)
            observer.receive(2)
            observer.receive(3)
            observer.receive(completion: .finished)
            return NonDisposable.instance
        })
        let connectable = source.replay(limit: 2)
        let connection = connectable.connect()
        #expect(runs.value == 1)
        #expect(connection.isDisposed)
        connection.dispose()

        let again = connectable.connect()
        #expect(again.isDisposed)
        #expect(runs.value == 1)
        let late = Recorder<Int, TestError>()
        _ = connectable.observe(with: late.observer)
        #expect(late.events == [.next(2), .next(3), .completed])
    }

    @Test func failureReachesTheSubjectAndLateObservers() {
        let source = CountingSource<Int>()
        let connectable = source.signal.replay(limit: 1)
        _ = connectable.connect()
        source.send(1)
        source.subject.send(completion: .failure(.boom))
        #expect(source.active.value == 0)
        let late = Recorder<Int, TestError>()
        _ = connectable.observe(with: late.observer)
        #expect(late.events == [.next(1), .failed(.boom)])
        #expect(connectable.connect().isDisposed)
        #expect(source.subscriptions.value == 1)
    }

    @Test func anySubjectCanMulticast() {
        let source = CountingSource<Int>()
        let connectable = ConnectableSignal(source: source.signal, subject: CurrentValueSubject(0))
        let recorder = Recorder<Int, TestError>()
        _ = connectable.observe(with: recorder.observer)
        let connection = connectable.connect()
        source.send(5)
        #expect(recorder.elements == [0, 5])
        connection.dispose()
    }

    @Test func connectionDisposedFromInsideTheSourceStopsASynchronousSource() {
        let box = Box<(any ConnectableSignalProtocol<Int, Never>)?>(nil)
        let connectable = Signal<Int, Never>.sequence(1...100_000).publish()
        box.mutate { $0 = connectable }
        let recorder = Recorder<Int, Never>()
        bag += connectable.observe(with: { event in
            recorder.observer(event)
            // Re-entrant: connect() returns the live connection, which we dispose.
            if event.element == 3 { box.value?.connect().dispose() }
        })
        let connection = connectable.connect()  // the source stopped after 3 elements
        #expect(recorder.elements == [1, 2, 3])
        #expect(connection.isDisposed)
    }

    @Test func connectingFromInsideTheSourceDoesNotStartItTwice() {
        let source = CountingSource<Int>()
        let connectable = source.signal.publish()
        let recorder = Recorder<Int, TestError>()
        bag += connectable.observe(with: { event in
            recorder.observer(event)
            _ = connectable.connect()
        })
        let connection = connectable.connect()
        source.send(1)
        source.send(2)
        #expect(source.subscriptions.value == 1)
        #expect(recorder.elements == [1, 2])
        connection.dispose()
        #expect(source.active.value == 0)
    }

    @Test func connectedSignalIsReleasedAfterDisconnecting() {
        weak var weakTracked: Tracked?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            let subject = PassthroughSubject<Int, Never>()
            let connectable = Signal<Int, Never>({ observer in
                _ = tracked
                return subject.observe(with: { observer.on($0) })
            }).replay(limit: 1)
            _ = connectable.observe(with: { _ in })
            let connection = connectable.connect()
            subject.send(1)
            connection.dispose()
        }
        #expect(weakTracked == nil)
    }

    @Test func eventsOfADisposedConnectionNeverReachTheSubject() {
        let source = LeakySource()
        let connectable = source.publish()
        let recorder = Recorder<Int, Never>()
        bag += connectable.observe(with: recorder.observer)
        connectable.connect().dispose()
        let connection = connectable.connect()
        source.sendToEveryObserverEver(1)  // reaches the old connection's observer and the new one
        #expect(recorder.elements == [1])
        connection.dispose()
        source.forgetEveryObserver()  // it keeps them by design: let them go with the test
    }
}

/// A source that breaks the contract: it keeps its observer after disposal and sends on demand.
private final class LeakySource: SignalProtocol, Sendable {
    private let observers = LockedState<[@Sendable (Signal<Int, Never>.Event) -> Void]>([])

    func observe(with observer: @escaping @Sendable (Signal<Int, Never>.Event) -> Void) -> any Disposable {
        observers.withLock { $0.append(observer) }
        return NonDisposable.instance
    }

    func sendToEveryObserverEver(_ element: Int) {
        for observer in observers.withLock({ $0 }) { observer(.next(element)) }
    }

    func forgetEveryObserver() {
        _ = observers.withLock { observers in
            defer { observers = [] }
            return observers
        }
    }
}
