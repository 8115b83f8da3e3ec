public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
public import StreamCore

/// A ``Connection`` on `URLSession` (FoundationNetworking on Linux): status-code checking, an idle
/// timeout and an overall deadline, a response-size limit, and cancellation when the observation
/// is disposed.
///
/// ```swift
/// let connection = URLSessionConnection(baseURL: URL(string: "https://api.example.com/")!, timeout: 10)
/// connection.data(for: Resource(path: "users/1")).observe { print($0) }
/// ```
///
/// The connection owns an ephemeral session (no shared cookies or cache) and invalidates it
/// when released, after running tasks finish; signals made by ``data(for:)`` keep the connection
/// alive, so a signal observed after its connection was dropped still works.
/// Events arrive on the session's delegate queue (on Linux, FoundationNetworking: on a serial
/// queue of the connection), or, for a passed deadline, on a global queue.
public final class URLSessionConnection: Connection {
    /// The base URL that resources are relative to.
    public let baseURL: URL
    /// The idle timeout in seconds: a request that makes no progress for this long fails with a
    /// timeout (``FlowError/isTimeout``).
    public let timeout: TimeInterval
    /// The overall deadline of one request in seconds, from sending it to the last byte of the
    /// body; past it the request is cancelled and fails with
    /// ``FlowError/deadlineExceeded(seconds:)``. Not a finite number: no deadline.
    public let deadline: TimeInterval
    /// The largest body accepted, in bytes; a larger one fails with
    /// ``FlowError/responseTooLarge(limit:)`` without being held in memory: a declared
    /// `Content-Length` over the limit fails at the response head, before any of the body is
    /// kept, and a body without one at the first piece that crosses the limit; either way the
    /// transfer is cancelled and what still arrives before the cancellation lands is dropped as
    /// it arrives.
    public let maximumResponseSize: Int
    /// How much of an error body ``FlowError/httpStatus(_:body:)`` keeps, in bytes; the rest is
    /// not downloaded.
    public let maximumErrorBodySize: Int
    /// The status codes that count as success; others fail with ``FlowError/httpStatus(_:body:)``.
    public let acceptableStatusCodes: Range<Int>
    private let session: URLSession
    private let delegate: ResponseLoadDelegate
    /// Where events the session's callbacks decide are delivered (FoundationNetworking only:
    /// its callbacks run on the session's own thread, see ``InlineDelegateQueue``).
    private let deliveryQueue: DispatchQueue?

    /// The default for ``maximumErrorBodySize``: 64 KiB.
    public static let defaultMaximumErrorBodySize = 64 * 1024
    /// The default for ``maximumResponseSize``: 32 MiB.
    public static let defaultMaximumResponseSize = 32 * 1024 * 1024

    /// Creates a connection.
    ///
    /// - Parameters:
    ///   - baseURL: The API's base URL.
    ///   - timeout: Seconds before a request without progress fails with a timeout
    ///     (``FlowError/isTimeout``); 30 by default.
    ///   - deadline: Seconds the whole request may take, body included; 120 by default.
    ///   - maximumResponseSize: The largest body accepted, in bytes; 32 MiB by default.
    ///   - maximumErrorBodySize: How much of an error body is kept, in bytes; 64 KiB by default.
    ///   - acceptableStatusCodes: Success statuses; `200..<300` by default.
    public convenience init(
        baseURL: URL,
        timeout: TimeInterval = 30,
        deadline: TimeInterval = 120,
        maximumResponseSize: Int = URLSessionConnection.defaultMaximumResponseSize,
        maximumErrorBodySize: Int = URLSessionConnection.defaultMaximumErrorBodySize,
        acceptableStatusCodes: Range<Int> = 200..<300
    ) {
        self.init(
            baseURL: baseURL, timeout: timeout, deadline: deadline, maximumResponseSize: maximumResponseSize,
            maximumErrorBodySize: maximumErrorBodySize, acceptableStatusCodes: acceptableStatusCodes,
            willHandlePiece: nil)
    }

    /// The designated initializer; `willHandlePiece` (tests only) runs at the start of every body
    /// piece's delegate callback, with the piece's size.
    init(
        baseURL: URL, timeout: TimeInterval, deadline: TimeInterval, maximumResponseSize: Int,
        maximumErrorBodySize: Int, acceptableStatusCodes: Range<Int>,
        willHandlePiece: (@Sendable (Int) -> Void)?
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.deadline = deadline
        self.maximumResponseSize = max(0, maximumResponseSize)
        self.maximumErrorBodySize = max(0, maximumErrorBodySize)
        self.acceptableStatusCodes = acceptableStatusCodes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        delegate = ResponseLoadDelegate(willHandlePiece: willHandlePiece)
        #if canImport(FoundationNetworking)
        // Callbacks inline on libcurl's thread: a body piece is handled before the next is read,
        // so pieces past the limit cannot pile up in a queue (Docs/benchmarks/response-size-limit.md).
        deliveryQueue = DispatchQueue(label: "ReactiveToolkit.URLSessionConnection.delivery")
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: InlineDelegateQueue())
        #else
        deliveryQueue = nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        #endif
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends the resource's request when observed and delivers the body of an acceptable response.
    ///
    /// The body is received piece by piece under the connection's limits: the request fails with
    /// ``FlowError/deadlineExceeded(seconds:)`` when it outlasts ``deadline``, with
    /// ``FlowError/responseTooLarge(limit:)`` as soon as the body is known to exceed
    /// ``maximumResponseSize``, and with ``FlowError/httpStatus(_:body:)`` (keeping at most
    /// ``maximumErrorBodySize`` bytes) for a status outside ``acceptableStatusCodes``.
    ///
    /// - Parameter resource: What to request.
    /// - Returns: The response body, or a failure: ``FlowError/invalidRequest(_:)``,
    ///   ``FlowError/network(code:message:)``, ``FlowError/httpStatus(_:body:)``,
    ///   ``FlowError/deadlineExceeded(seconds:)`` or ``FlowError/responseTooLarge(limit:)``.
    public func data(for resource: Resource) -> Signal<Data, FlowError> {
        // The producer holds the connection (not just its session): the session is invalidated in
        // `deinit`, and a task must never be created on an invalidated session.
        Signal { [self] observer in
            let request: URLRequest
            do throws(FlowError) {
                request = try resource.request(baseURL: baseURL, timeout: timeout)
            } catch {
                observer.on(.failed(error))
                return NonDisposable.instance
            }
            let limits = ResponseLimits(
                deadline: deadline, maximumBodySize: maximumResponseSize,
                maximumErrorBodySize: maximumErrorBodySize, acceptableStatusCodes: acceptableStatusCodes)
            let load = ResponseLoad(limits: limits, observer: observer, deliveryQueue: deliveryQueue)
            let task = session.dataTask(with: request)
            delegate.register(load, for: task)
            load.start(task, deadline: deadline)
            task.resume()
            return BlockDisposable { load.dispose() }
        }
    }

    /// Converts a URLSession error into a ``FlowError/network(code:message:)``.
    static func networkError(_ error: any Swift.Error) -> FlowError {
        let nsError = error as NSError
        let code = nsError.domain == NSURLErrorDomain ? nsError.code : URLError.Code.unknown.rawValue
        return .network(code: code, message: nsError.localizedDescription)
    }
}
