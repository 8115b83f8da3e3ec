import NIOCore
import NIOHTTP1

/// One connection's handler: gathers a request (bounded in size and in time), hands it to the
/// router, writes the answer. Requests on a connection are answered one at a time (the HTTP
/// pipeline handler before it holds the next until this one is answered).
final class InspectorHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let router: InspectorRouter
    private let maximumBodyBytes: Int
    private let requestTimeout: TimeAmount
    /// The request being read: its head and body so far; `nil` between requests, or after one
    /// was refused (its remaining parts are ignored).
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var refused = false
    private var deadline: Scheduled<Void>?

    init(router: InspectorRouter, maximumBodyBytes: Int, requestTimeout: TimeAmount) {
        self.router = router
        self.maximumBodyBytes = maximumBodyBytes
        self.requestTimeout = requestTimeout
    }

    func channelActive(context: ChannelHandlerContext) {
        armDeadline(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        context.fireChannelInactive()
    }

    /// Closes the connection unless a whole request arrives within the request timeout (idle
    /// connections and clients that trickle a request are closed alike).
    private func armDeadline(context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: requestTimeout) { channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
            refused = false
            if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > maximumBodyBytes {
                refuse(context: context, .error(413, "the body is over \(maximumBodyBytes) bytes"))
            }
        case .body(var buffer):
            guard !refused, head != nil else { return }
            guard body.count + buffer.readableBytes <= maximumBodyBytes else {
                refuse(context: context, .error(413, "the body is over \(maximumBodyBytes) bytes"))
                return
            }
            body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            guard !refused, let head else { return }
            self.head = nil
            deadline?.cancel()
            // A client that does not read its answers gets no more of them: its connection is
            // closed once NIO's outbound buffer is over its high-water mark (nothing piles up).
            guard context.channel.isWritable else {
                context.close(promise: nil)
                return
            }
            let (path, query) = InspectorRequest.split(target: head.uri)
            var headers: [String: String] = [:]
            for (name, value) in head.headers { headers[name.lowercased()] = value }
            let request = InspectorRequest(method: head.method.rawValue, path: path, query: query, headers: headers, body: body)
            body = []
            let keepAlive = head.isKeepAlive
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            let router = self.router
            router.inFlight.add(1, ordering: .relaxed)
            Task {
                let response = await router.respond(to: request)
                defer { router.inFlight.subtract(1, ordering: .relaxed) }
                bound.eventLoop.execute {
                    let (handler, context) = bound.value
                    handler.write(response, keepAlive: keepAlive, context: context)
                }
            }
        }
    }

    /// Answers at once and closes the connection (the rest of the request is not read).
    private func refuse(context: ChannelHandlerContext, _ response: InspectorResponse) {
        refused = true
        head = nil
        body = []
        write(response, keepAlive: false, context: context)
    }

    private func write(_ response: InspectorResponse, keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: response.contentType)
        headers.add(name: "content-length", value: String(response.body.count))
        headers.add(name: "cache-control", value: "no-store")
        headers.add(name: "x-content-type-options", value: "nosniff")
        headers.add(name: "referrer-policy", value: "no-referrer")
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        if !keepAlive { headers.add(name: "connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: response.body.count)
        buffer.writeBytes(response.body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
        if keepAlive { armDeadline(context: context) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
