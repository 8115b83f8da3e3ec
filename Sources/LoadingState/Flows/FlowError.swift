public import Foundation

/// Everything that can go wrong in a resource flow: the one error type of the module's flows.
///
/// ```swift
/// flow.fetch(Resource(path: "users/1")).observe { event in
///     if case .failed(.httpStatus(404, _)) = event { showNotFound() }
/// }
/// ```
public enum FlowError: Swift.Error, Sendable, Hashable {
    /// The request could not be built, for example because the path does not form a URL.
    case invalidRequest(String)
    /// The request failed below HTTP: refused connection, timeout, lost connection…
    ///
    /// `code` is the `URLError.Code` raw value (`NSURLErrorDomain`), for example -1001 for a
    /// timeout and -1004 for a refused connection.
    case network(code: Int, message: String)
    /// The server answered with a status code outside the acceptable range.
    ///
    /// `body` is the start of the error body, at most ``URLSessionConnection/maximumErrorBodySize``
    /// bytes (64 KiB by default): a huge error page is cut, never buffered whole.
    case httpStatus(Int, body: Data)
    /// The whole request (connecting, sending, and receiving every byte of the body) took longer
    /// than its overall deadline, in seconds: for example a server trickling the body one byte at
    /// a time, which never trips the idle timeout. ``isTimeout`` is `true` for it.
    case deadlineExceeded(seconds: TimeInterval)
    /// The response body is larger than the limit, in bytes. The request is cancelled as soon as
    /// the limit is known to be passed (a `Content-Length` over it, or the first byte past it), so
    /// the oversize body is never held in memory.
    case responseTooLarge(limit: Int)
    /// The body (or a stored file) did not decode; `path` names the failing element, such as
    /// `[3].name`.
    case decoding(path: String, message: String)
    /// A value could not be encoded for storage.
    case encoding(message: String)
    /// The reachability check said the host cannot be reached; the request was not sent.
    case notReachable(host: String)
    /// Persistence is turned off for this flow.
    case persistenceDisabled
    /// Nothing is stored yet.
    case notPersisted
    /// The stored value is older than the store's maximum age.
    case expired(savedAt: Date)
    /// The stored file exists but cannot be decoded; a fetch falls back to the network and
    /// overwrites it.
    case corruptFile(path: String, message: String)
    /// Reading or writing the store failed (permissions, disk full…).
    case persistenceFailed(path: String, message: String)

    /// Whether the request timed out: no progress within the idle timeout (a `network` error with
    /// code -1001) or past its overall deadline (``deadlineExceeded(seconds:)``).
    public var isTimeout: Bool {
        switch self {
        case .network(let code, _): return code == URLError.Code.timedOut.rawValue
        case .deadlineExceeded: return true
        default: return false
        }
    }

    /// Whether nothing listened on the server's port.
    public var isConnectionRefused: Bool {
        if case .network(let code, _) = self { return code == URLError.Code.cannotConnectToHost.rawValue }
        return false
    }

    /// Whether the error comes from the persistence side (disabled, empty, expired, corrupt, I/O).
    public var isPersistenceError: Bool {
        switch self {
        case .persistenceDisabled, .notPersisted, .expired, .corruptFile, .persistenceFailed: return true
        default: return false
        }
    }
}
