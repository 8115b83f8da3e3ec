public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
public import StreamCore

/// A ``Connection`` on `URLSession` (FoundationNetworking on Linux): status-code checking,
/// timeouts, and cancellation when the observation is disposed.
///
/// ```swift
/// let connection = URLSessionConnection(baseURL: URL(string: "https://api.example.com/")!, timeout: 10)
/// connection.data(for: Resource(path: "users/1")).observe { print($0) }
/// ```
///
/// The connection owns an ephemeral session (no shared cookies or cache) and invalidates it
/// when released, after running tasks finish; signals made by ``data(for:)`` keep the connection
/// alive, so a signal observed after its connection was dropped still works.
/// Events arrive on the session's delegate queue.
public final class URLSessionConnection: Connection {
    /// The base URL that resources are relative to.
    public let baseURL: URL
    /// The request timeout in seconds.
    public let timeout: TimeInterval
    /// The status codes that count as success; others fail with ``FlowError/httpStatus(_:body:)``.
    public let acceptableStatusCodes: Range<Int>
    private let session: URLSession

    /// Creates a connection.
    ///
    /// - Parameters:
    ///   - baseURL: The API's base URL.
    ///   - timeout: Seconds before a request without progress fails with a timeout
    ///     (``FlowError/isTimeout``); 30 by default.
    ///   - acceptableStatusCodes: Success statuses; `200..<300` by default.
    public init(baseURL: URL, timeout: TimeInterval = 30, acceptableStatusCodes: Range<Int> = 200..<300) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.acceptableStatusCodes = acceptableStatusCodes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends the resource's request when observed and delivers the body of an acceptable response.
    ///
    /// - Parameter resource: What to request.
    /// - Returns: The response body, or a failure: ``FlowError/invalidRequest(_:)``,
    ///   ``FlowError/network(code:message:)`` or ``FlowError/httpStatus(_:body:)``.
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
            let acceptableStatusCodes = self.acceptableStatusCodes
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    observer.on(.failed(Self.networkError(error)))
                    return
                }
                guard let http = response as? HTTPURLResponse else {
                    let code = URLError.Code.badServerResponse.rawValue
                    observer.on(.failed(.network(code: code, message: "not an HTTP response")))
                    return
                }
                let body = data ?? Data()
                guard acceptableStatusCodes.contains(http.statusCode) else {
                    observer.on(.failed(.httpStatus(http.statusCode, body: body)))
                    return
                }
                observer.receive(lastElement: body)
            }
            task.resume()
            return BlockDisposable { task.cancel() }
        }
    }

    /// Converts a URLSession error into a ``FlowError/network(code:message:)``.
    static func networkError(_ error: any Swift.Error) -> FlowError {
        let nsError = error as NSError
        let code = nsError.domain == NSURLErrorDomain ? nsError.code : URLError.Code.unknown.rawValue
        return .network(code: code, message: nsError.localizedDescription)
    }
}
