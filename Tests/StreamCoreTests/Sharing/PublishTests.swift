import TestSupport
import StreamCore
import Testing

@Suite struct PublishTests {
    @Test func lateObserverGetsOnlyLaterEvents() {
        let source = CountingSource<Int>()
        let connectable = source.signal.publish()
        let early = Recorder<Int, TestError>()
        _ = connectable.observe(with: early.observer)
        let connection = connectable.connect()
        source.send(1)
        let late = Recorder<Int, TestError>()
        _ = connectable.observe(with: late.observer)
        source.send(2)
        #expect(early.elements == [1, 2])
        #expect(late.elements == [2])
        #expect(source.subscriptions.value == 1)
        connection.dispose()
    }

    @Test func observerAfterTerminationGetsOnlyTheTerminalEvent() {
        let runs = AtomicCounter()
        let connectable = Signal<Int, TestError>({ observer in
            runs.increment()
            observer.receive(1)
            observer.receive(completion: .failure(.boom))
            return NonDisposable.instance
        }).publish()
        _ = connectable.connect()
        let late = Recorder<Int, TestError>()
        _ = connectable.observe(with: late.observer)
        #expect(late.events == [.failed(.boom)])
        #expect(connectable.connect().isDisposed)
        #expect(runs.value == 1)
    }
}
