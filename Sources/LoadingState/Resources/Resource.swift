public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// What to request: a path relative to a base URL, query items, body, headers and method.
///
/// ```swift
/// let resource = Resource(path: "users", query: ["page": "2"], headers: ["Accept": "application/json"])
/// let request = try resource.request(baseURL: URL(string: "https://api.example.com/v1/")!)
/// // GET https://api.example.com/v1/users?page=2
/// ```
public struct Resource: Sendable, Hashable {
    /// The path, relative to the base URL (a leading `/` is ignored).
    public var path: String
    /// The query items, in order.
    public var queryItems: [URLQueryItem]
    /// The request body.
    public var body: Data?
    /// The HTTP header fields.
    public var headers: [String: String]
    /// The HTTP method.
    public var method: HTTPMethod

    /// Creates a resource.
    ///
    /// - Parameters:
    ///   - path: The path relative to the base URL.
    ///   - queryItems: Query items, in order.
    ///   - body: The request body.
    ///   - headers: HTTP header fields.
    ///   - method: The HTTP method; `GET` by default.
    public init(
        path: String,
        queryItems: [URLQueryItem] = [],
        body: Data? = nil,
        headers: [String: String] = [:],
        method: HTTPMethod = .get
    ) {
        self.path = path
        self.queryItems = queryItems
        self.body = body
        self.headers = headers
        self.method = method
    }

    /// Creates a resource with query items from a dictionary (sorted by name, for stable URLs).
    ///
    /// - Parameters:
    ///   - path: The path relative to the base URL.
    ///   - query: Query parameters.
    ///   - body: The request body.
    ///   - headers: HTTP header fields.
    ///   - method: The HTTP method; `GET` by default.
    public init(
        path: String,
        query: [String: String],
        body: Data? = nil,
        headers: [String: String] = [:],
        method: HTTPMethod = .get
    ) {
        self.init(
            path: path,
            queryItems: query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) },
            body: body, headers: headers, method: method)
    }

    /// The URL of the resource relative to `baseURL`.
    ///
    /// - Parameter baseURL: The API's base URL; a path of its own is kept (`/v1` + `users` →
    ///   `/v1/users`).
    /// - Returns: The absolute URL with the query.
    /// - Throws: ``FlowError/invalidRequest(_:)`` when the pieces do not form a URL.
    public func url(baseURL: URL) throws(FlowError) -> URL {
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let joined = trimmed.isEmpty ? baseURL : baseURL.appendingPathComponent(trimmed)
        guard var components = URLComponents(url: joined, resolvingAgainstBaseURL: true) else {
            throw .invalidRequest("cannot build a URL from \(baseURL) and \(path)")
        }
        if !queryItems.isEmpty { components.queryItems = (components.queryItems ?? []) + queryItems }
        guard let url = components.url, url.scheme != nil, url.host != nil else {
            throw .invalidRequest("cannot build a URL from \(baseURL) and \(path)")
        }
        return url
    }

    /// The `URLRequest` for the resource.
    ///
    /// - Parameters:
    ///   - baseURL: The API's base URL.
    ///   - timeout: The request's timeout in seconds; `nil` keeps the session's default.
    /// - Returns: A request with the resource's method, headers and body.
    /// - Throws: ``FlowError/invalidRequest(_:)`` when the pieces do not form a URL.
    public func request(baseURL: URL, timeout: TimeInterval? = nil) throws(FlowError) -> URLRequest {
        var request = URLRequest(url: try url(baseURL: baseURL))
        request.httpMethod = method.rawValue
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let timeout { request.timeoutInterval = timeout }
        return request
    }
}
