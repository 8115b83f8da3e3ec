import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle
import StoreKitLite
import StreamCore
import Synchronization

/// One server-sent event of `GET /events`.
struct StateChange: Encodable, Sendable {
    /// The state's revision after the change (each reduced action adds one).
    var revision: Int
    /// The action, as the logs describe it; `nil` for the snapshot a client first receives.
    var action: String?
    /// The order the action changed, if any.
    var order: Order?
    /// The number of orders.
    var orders: Int

    /// The change an update made: O(1) in the state's size (one dictionary lookup), so that a
    /// connected client never copies the state, and holds no state value that would make the
    /// store's next in-place change copy its collections.
    init(_ update: StoreUpdate<OrdersState, OrdersAction>, isSnapshot: Bool) {
        let state = update.state
        revision = state.revision
        orders = state.orders.count
        guard !isSnapshot, let action = update.lastAction else {
            action = nil
            order = nil
            return
        }
        self.action = String(describing: action)
        if case .submit = action { order = state.lastSubmitted } else { order = action.orderID.flatMap { state.orders[$0] } }
    }
}

/// The `GET /events` streams: server-sent events of the store's changes, with a heartbeat.
///
/// Each client gets a `snapshot` event (the current revision), then one `change` event per
/// reduced action, in the store's order, and a comment line every `heartbeat`. A client that
/// closes its connection is noticed when NIO reads the close (``ClientCloseWatcher``), not at a
/// later write: its store observation is released at once, within one heartbeat even when the
/// state does not change (the tests measure it). The heartbeat keeps an idle stream alive
/// through proxies, and a write to a connection that broke without a close fails, which ends
/// the stream too. A client that reads slower than the store changes is disconnected (after an
/// `overflow` event) once `bufferLimit` events wait for it: memory per client is bounded.
final class EventStreams: Sendable {
    private let store: Store<OrdersState, OrdersAction>
    private let heartbeat: Duration
    private let bufferLimit: Int
    private let connected = Atomic<Int>(0)

    init(store: Store<OrdersState, OrdersAction>, heartbeat: Duration, bufferLimit: Int = 4_096) {
        self.store = store
        self.heartbeat = heartbeat
        self.bufferLimit = bufferLimit
    }

    /// The number of connected clients.
    var clientCount: Int { connected.load(ordering: .relaxed) }

    /// The streaming response.
    ///
    /// - Parameter clientClosed: Completed when the client closes the connection
    ///   (``ClientCloseWatcher/clientClosed(on:)``): the stream ends then.
    func response(clientClosed: EventLoopFuture<Void>) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { [self] writer in
            try await stream(to: &writer, clientClosed: clientClosed)
        })
    }

    /// Thrown to end the response of a client that closed its connection (Hummingbird then
    /// closes the connection without writing more).
    struct ClientClosed: Error {}

    private enum Frame: Sendable {
        case event(name: String, StateChange)
        case heartbeat
    }

    private func stream(to writer: inout any ResponseBodyWriter, clientClosed: EventLoopFuture<Void>) async throws {
        connected.add(1, ordering: .relaxed)
        let (frames, continuation) = AsyncStream<Frame>.makeStream(bufferingPolicy: .bufferingOldest(bufferLimit))
        let overflowed = Atomic<Bool>(false)
        // snippet: ServiceEventObservation
        let replayed = Atomic<Bool>(false)
        let observation = store.updates.observeNext { update in
            // The first update is the current state (replayed), then one per reduced action.
            let isSnapshot = !replayed.exchange(true, ordering: .relaxed)
            guard isSnapshot || update.error == nil else { return }   // refused: nothing changed
            let change = StateChange(update, isSnapshot: isSnapshot)
            if case .dropped = continuation.yield(.event(name: isSnapshot ? "snapshot" : "change", change)) {
                overflowed.store(true, ordering: .relaxed)
                continuation.finish()
            }
        }
        // end
        // The client closed the connection: end the stream now (the observation is disposed
        // below), not at the next write, which the socket may still accept.
        // snippet: ServiceEventClientClosed
        let gone = Atomic<Bool>(false)
        clientClosed.whenComplete { _ in
            gone.store(true, ordering: .relaxed)
            continuation.finish()   // the frames loop ends; the observation is disposed
        }
        // end
        let heartbeat = self.heartbeat
        let beats = Task {
            while !Task.isCancelled {
                do { try await Task.sleep(for: heartbeat) } catch { return }
                continuation.yield(.heartbeat)
            }
        }
        defer {
            observation.dispose()
            beats.cancel()
            continuation.finish()
            connected.subtract(1, ordering: .relaxed)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try await withGracefulShutdownHandler {
            for await frame in frames {
                if gone.load(ordering: .relaxed) { break }   // no more writes for a closed client
                switch frame {
                case .event(let name, let change):
                    let data = String(decoding: try encoder.encode(change), as: UTF8.self)
                    try await writer.write(ByteBuffer(string: "id: \(change.revision)\nevent: \(name)\ndata: \(data)\n\n"))
                case .heartbeat:
                    try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                }
            }
        } onGracefulShutdown: {
            continuation.finish()   // the server is stopping: end the stream
        }
        if gone.load(ordering: .relaxed) { throw ClientClosed() }
        if overflowed.load(ordering: .relaxed) {
            try await writer.write(ByteBuffer(string: "event: overflow\ndata: {}\n\n"))
        }
        try await writer.finish(nil)
    }
}
