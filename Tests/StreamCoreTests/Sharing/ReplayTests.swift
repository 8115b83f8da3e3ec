import TestSupport
import StreamCore
import Testing

@Suite struct ReplayTests {
    @Test func lateObserverGetsTheLastLimitElements() {
        let source = CountingSource<Int>()
        let connectable = source.signal.replay(limit: 2)
        let connection = connectable.connect()
        for element in 1...5 { source.send(element) }
        let late = Recorder<Int, TestError>()
        _ = connectable.observe(with: late.observer)
        source.send(6)
        #expect(late.elements == [4, 5, 6])
        connection.dispose()
    }

    @Test func lateObserverAfterTerminationGetsBufferThenTerminal() {
        let connectable = Signal<Int, Never>.sequence(1...4).replay(limit: 3)
        _ = connectable.connect()
        let late = Recorder<Int, Never>()
        _ = connectable.observe(with: late.observer)
        #expect(late.events == [.next(2), .next(3), .next(4), .completed])
    }

    @Test func defaultLimitReplaysEverything() {
        let connectable = Signal<Int, Never>.sequence(1...100).replay()
        _ = connectable.connect()
        let late = Recorder<Int, Never>()
        _ = connectable.observe(with: late.observer)
        #expect(late.elements == Array(1...100))
        #expect(late.isTerminated)
    }

    @Test(arguments: [0, -1, Int.min])
    func zeroOrNegativeLimitReplaysOnlyTheTerminalEvent(limit: Int) {
        let source = CountingSource<Int>()
        let connectable = source.signal.replay(limit: limit)
        _ = connectable.connect()
        source.send(1)
        let late = Recorder<Int, TestError>()
        _ = connectable.observe(with: late.observer)
        #expect(late.events.isEmpty)
        source.subject.send(completion: .finished)
        let afterEnd = Recorder<Int, TestError>()
        _ = connectable.observe(with: afterEnd.observer)
        #expect(late.events == [.completed])
        #expect(afterEnd.events == [.completed])
    }

    @Test func nothingIsObservedBeforeConnect() {
        let source = CountingSource<Int>()
        let connectable = source.signal.replay(limit: 1)
        _ = connectable.observe(with: { _ in })
        #expect(source.subscriptions.value == 0)
    }
}
