import TestSupport
import StreamCore
import Testing

@Suite struct ConnectionSwitchTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func racingConnectsMakeExactlyOneConnection() {
        let source = CountingSource<Int>()
        let connectable = source.signal.publish()
        let connections = LockedLog<any Disposable>()
        runConcurrently(threads: 8) { _ in
            connections.append(connectable.connect())
        }
        #expect(source.subscriptions.value == 1)
        #expect(connections.values.allSatisfy { !$0.isDisposed })
        connections.values[0].dispose()
        #expect(connections.values.allSatisfy { $0.isDisposed })
        #expect(source.active.value == 0)
    }

    @Test func racingConnectAndDisposeNeverOverlapConnections() {
        let source = CountingSource<Int>()
        let connectable = source.signal.publish()
        runConcurrently(threads: 8) { _ in
            for _ in 0..<500 {
                connectable.connect().dispose()
            }
        }
        #expect(source.maxActive.value == 1)
        #expect(source.active.value == 0)
        #expect(source.subscriptions.value == source.disposals.value)
        #expect(source.subscriptions.value >= 1)
    }

    @Test func disconnectRequestedWhileStartingIsCarriedOutWhenTheStartReturns() {
        let stops = AtomicCounter()
        let starts = AtomicCounter()
        let connectionSwitch = ConnectionSwitch(start: { connection in
            starts.increment()
            connection.dispose()  // re-entrant: recorded, carried out after we return
            #expect(stops.value == 0)
            return BlockDisposable { stops.increment() }
        })
        let connection = connectionSwitch.connect()
        #expect(connection.isDisposed)
        #expect(starts.value == 1)
        #expect(stops.value == 1)
    }

    @Test func stopCompletesBeforeTheNextStartBegins() {
        defer { bag.dispose() }  // a handler below captures the bag: dispose it explicitly
        let log = LockedLog<String>()
        let box = Box<ConnectionSwitch.Connection?>(nil)
        let connectionSwitch = ConnectionSwitch(start: { connection in
            log.append("start")
            if box.value == nil {
                box.mutate { $0 = connection }
                // Re-entrant disconnect and reconnect while the first start is running.
                connection.dispose()
                bag += connection.owner.connect()
            }
            return BlockDisposable { log.append("stop") }
        })
        bag += connectionSwitch.connect()
        #expect(log.values == ["start", "stop", "start"])
        box.value = nil  // the box, captured by `start`, holds a connection that holds the switch
    }

    @Test func connectionStaysWantedUntilEveryLeaseIsGivenBack() {
        let stops = AtomicCounter()
        let connectionSwitch = ConnectionSwitch(start: { _ in BlockDisposable { stops.increment() } })
        let first = connectionSwitch.lease()
        let second = connectionSwitch.lease()
        #expect(first != nil && first === second)
        connectionSwitch.settle()
        #expect(connectionSwitch.unlease(first!) == false)
        #expect(first?.isDisposed == false)
        #expect(connectionSwitch.unlease(second!) == true)
        connectionSwitch.settle()
        #expect(first?.isDisposed == true)
        #expect(stops.value == 1)
        // A lease on a connection disposed outright is void and does not touch the next one.
        let third = connectionSwitch.lease()!
        third.dispose()
        let fourth = connectionSwitch.lease()!
        #expect(connectionSwitch.unlease(third) == false)
        #expect(!fourth.isDisposed)
        fourth.dispose()  // a connection and its switch keep each other while it is wanted
    }

    @Test func terminatedSwitchNeverConnectsAgain() {
        let starts = AtomicCounter()
        let connectionSwitch = ConnectionSwitch(start: { connection in
            starts.increment()
            connection.owner.terminate()
            return NonDisposable.instance
        })
        let first = connectionSwitch.connect()
        #expect(first.isDisposed)
        #expect(connectionSwitch.stage() == nil)
        #expect(connectionSwitch.connect().isDisposed)
        #expect(starts.value == 1)
    }
}
