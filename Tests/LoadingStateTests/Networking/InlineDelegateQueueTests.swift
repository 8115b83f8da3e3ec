#if canImport(FoundationNetworking)
import Dispatch
import Foundation
import FoundationNetworking
@testable import LoadingState
import StreamCore
import Synchronization
import TestSupport
import Testing

/// FoundationNetworking's session callbacks run inline on its libcurl thread
/// (`InlineDelegateQueue`): a body piece is handled before the next one is read, so nothing piles
/// up between the socket and the size limit; user code still never runs on that thread.
@Suite struct InlineDelegateQueueTests {
    static let mebibyte = 1024 * 1024

    /// Holds the first body piece's callback until the test releases it.
    final class FirstPieceGate: Sendable {
        let pieces = Atomic<Int>(0)
        let entered = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)

        func willHandle(_ size: Int) {
            guard pieces.add(1, ordering: .relaxed).newValue == 1 else { return }
            entered.signal()
            // Bounded, so that a broken test cannot hang the transport thread for ever.
            _ = released.wait(timeout: .now() + 120)
        }
    }

    @Test func aBlockRunsOnTheCallingThreadBeforeAddOperationReturns() {
        let queue = InlineDelegateQueue()
        let ran = Atomic<Int>(0)
        let caller = pthread_self()
        let onCaller = Atomic<Bool>(false)
        queue.addOperation {
            ran.add(1, ordering: .relaxed)
            onCaller.store(pthread_equal(pthread_self(), caller) != 0, ordering: .relaxed)
        }
        let afterBlock = ran.load(ordering: .relaxed)
        queue.addOperation(BlockOperation { ran.add(1, ordering: .relaxed) })
        let afterOperation = ran.load(ordering: .relaxed)
        let ranOnCaller = onCaller.load(ordering: .relaxed)
        #expect(afterBlock == 1)
        #expect(afterOperation == 2)
        #expect(ranOnCaller)
    }

    @Test func nothingIsReadWhileAChunkIsBeingHandled() throws {
        // 128 MiB without a Content-Length, 1 MiB accepted. While the first piece's callback is
        // held, a transport that waits for its delegate reads nothing: the server fills the
        // socket buffers (at most tcp_wmem's 4 MiB plus tcp_rmem's 32 MiB here) and stalls. One
        // that queues pieces for the delegate reads on, and the server sends past that bound
        // (on main: the whole body).
        var route = TestHTTPServer.Route(
            status: 200, body: Data(repeating: UInt8(ascii: "x"), count: 64 * 1024), repeats: 2 * 1024,
            declaresLength: false)
        route.stallThreshold = 0.2
        let server = try TestHTTPServer(routes: ["/big": route])
        defer { server.stop() }
        let gate = FirstPieceGate()
        let connection = URLSessionConnection(
            baseURL: server.baseURL, timeout: 60, deadline: 300, maximumResponseSize: Self.mebibyte,
            maximumErrorBodySize: 4096, acceptableStatusCodes: 200..<300, willHandlePiece: gate.willHandle)
        let recorder = Recorder<Data, FlowError>()
        let observation = connection.data(for: Resource(path: "big")).observe(with: recorder.observer)
        defer { observation.dispose() }
        #expect(gate.entered.wait(timeout: .now() + 30) == .success, "no body piece arrived")
        let bound = 64 * Self.mebibyte
        let decided = server.waitForSending(timeout: 60) { sent, stalls in stalls > 0 || sent >= bound }
        let sentWhileHeld = server.bodyBytesSentAtFirstStall ?? server.bodyBytesSent
        gate.released.signal()
        #expect(decided, "the server neither stalled nor sent \(bound) bytes")
        #expect(server.stalls > 0, "the server never stalled: the client read on while a piece was held")
        #expect(sentWhileHeld < bound, "\(sentWhileHeld) bytes sent while the first piece was held")
        #expect(recorder.waitForTermination(timeout: 60))
        #expect(recorder.events == [.failed(.responseTooLarge(limit: Self.mebibyte))])
        #expect(server.waitForFinishedResponses(1, timeout: 60))
    }

    @Test func aHandlerCanStartAndCancelRequestsOnItsConnection() throws {
        // Events are delivered off the libcurl thread: URLSession calls made from a handler (a new
        // task, a cancellation) `sync` on that thread's queue and would deadlock on it.
        let server = try TestHTTPServer(routes: ["/a": .json("[1]"), "/b": .json("[2]"), "/slow": .json("[3]", delay: 30)])
        defer { server.stop() }
        let connection = URLSessionConnection(baseURL: server.baseURL, timeout: 10)
        let second = Recorder<Data, FlowError>()
        let slow = LockedState<(any Disposable)?>(nil)
        let first = Recorder<Data, FlowError>()
        _ = connection.data(for: Resource(path: "a")).observe { event in
            first.observer(event)
            guard event.isTerminal else { return }
            let disposable = connection.data(for: Resource(path: "slow")).observe { _ in }
            disposable.dispose()
            slow.withLock { $0 = disposable }
            _ = connection.data(for: Resource(path: "b")).observe(with: second.observer)
        }
        #expect(first.waitForTermination(timeout: 30))
        #expect(second.waitForTermination(timeout: 30))
        #expect(first.elements == [Data("[1]".utf8)])
        #expect(second.elements == [Data("[2]".utf8)])
    }
}
#endif
