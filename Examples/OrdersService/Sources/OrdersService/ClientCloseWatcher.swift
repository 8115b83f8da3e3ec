import Hummingbird
import NIOCore

/// Notices a client closing its connection as soon as NIO reads the close, not when a later
/// write fails.
///
/// While a response is being written (an event stream lasts as long as its client), nothing in
/// Hummingbird reads the connection's next request, so a client that went away would only be
/// noticed by a failing write, and the first write after the client closed is usually still
/// accepted by the socket: a stream would notice at its second write. NIO reads the end of the
/// connection's input anyway (epoll reports it), and passes it down the pipeline: as
/// `ChannelEvent.inputClosed` (Hummingbird allows half-closure), or as the channel becoming
/// inactive (a reset). This handler, one per connection after the HTTP codec
/// (`HTTP1Channel.Configuration.additionalChannelHandlers`), completes a future at the first of
/// these and passes everything on unchanged.
///
/// A client that half-closes its side while still reading a response is treated as gone:
/// browsers and HTTP clients do not half-close while reading an event stream.
final class ClientCloseWatcher: ChannelInboundHandler, RemovableChannelHandler {
    /// The request parts pass through untouched (never unwrapped).
    typealias InboundIn = NIOAny

    private var closed: EventLoopPromise<Void>?

    /// Completed once the client has closed the connection (or the connection is gone).
    private(set) var clientClosed: EventLoopFuture<Void>?

    init() {}

    func handlerAdded(context: ChannelHandlerContext) {
        let promise = context.eventLoop.makePromise(of: Void.self)
        closed = promise
        clientClosed = promise.futureResult
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // The channel closed (its pipeline is torn down), or the handler was removed: in both
        // cases nothing will tell later, so the promise is completed now (never leaked).
        closed?.succeed()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { closed?.succeed() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed?.succeed()
        context.fireChannelInactive()
    }

    /// The future a response on `channel` awaits to learn that its client closed the connection:
    /// the watcher's, or the channel's close future if the pipeline has no watcher.
    ///
    /// - Parameter channel: The request's channel (``OrdersRequestContext/channel``).
    /// - Returns: A future completed when the client has closed the connection.
    static func clientClosed(on channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.flatSubmit {
            let watcher = try? channel.pipeline.syncOperations.handler(type: ClientCloseWatcher.self)
            return watcher?.clientClosed ?? channel.closeFuture
        }
    }
}

/// The service's request context: Hummingbird's basic context, plus the request's channel (so
/// that a long response can learn when its client closes the connection).
struct OrdersRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    var coreContext: CoreRequestContextStorage
    /// The connection the request arrived on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
