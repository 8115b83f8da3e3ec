import ReactiveToolkitInspectorCore
import NIOConcurrencyHelpers
import Synchronization

/// Answers the inspector's requests: checks the token, the origin and the host, then serves the
/// page or the API (`/api/…`) from the live inspector or the imported session.
final class InspectorRouter: Sendable {
    let live: any InspectorSource
    let token: String
    /// The address the server is bound to (a name the Host header may use besides loopback's).
    let host: String
    let maximumWait: Duration
    let maximumImportBytes: Int
    /// The port the server is bound to, once known (the host and origin checks need it).
    let port = Atomic<Int>(0)
    /// Requests being answered (their tasks), so that the server stops after them.
    let inFlight = Atomic<Int>(0)
    /// Set when the server stops: long polls end at once.
    let stopping = Atomic<Bool>(false)
    /// The session imported from a file, if any.
    private let imported = NIOLockedValueBox<InspectedSession?>(nil)

    init(live: any InspectorSource, token: String, host: String, maximumWait: Duration, maximumImportBytes: Int) {
        self.live = live
        self.token = token
        self.host = host.contains(":") ? "[\(host)]" : host
        self.maximumWait = maximumWait
        self.maximumImportBytes = maximumImportBytes
    }

    func respond(to request: InspectorRequest) async -> InspectorResponse {
        if let refusal = refusal(of: request) { return refusal }
        do throws(RouteError) {
            return try await route(request)
        } catch {
            return .error(error.status, error.message)
        }
    }

    /// 403 for a request from another origin or for another host, 401 without the token.
    private func refusal(of request: InspectorRequest) -> InspectorResponse? {
        let port = self.port.load(ordering: .relaxed)
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "\(host.lowercased()):\(port)"]
        guard let host = request.headers["host"], hosts.contains(host.lowercased()) else {
            return .error(403, "this inspector answers requests for 127.0.0.1:\(port) only")
        }
        if let origin = request.headers["origin"], !hosts.map({ "http://\($0)" }).contains(origin.lowercased()) {
            return .error(403, "cross-origin requests are refused (Origin: \(origin))")
        }
        if request.headers["sec-fetch-site"].map({ $0 == "cross-site" || $0 == "same-site" }) ?? false {
            return .error(403, "cross-origin requests are refused")
        }
        let bearer = request.headers["authorization"].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let given = bearer ?? request.headers["x-inspector-token"] ?? request.query["token"] ?? ""
        guard Self.constantTimeEqual(given, token) else {
            return .error(401, "an access token is required: open the address the service printed at start (…/?token=…)")
        }
        return nil
    }

    private static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// The source a request reads: `src=session` for the imported session.
    private func source(_ request: InspectorRequest) throws(RouteError) -> any InspectorSource {
        guard request.query["src"] == "session" else { return live }
        guard let session = imported.withLockedValue({ $0 }) else { throw RouteError(404, "no session was imported") }
        return session
    }

    private func route(_ request: InspectorRequest) async throws(RouteError) -> InspectorResponse {
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            return InspectorResponse(
                status: 200, contentType: "text/html; charset=utf-8", body: Array(InspectorPage.html.utf8),
                headers: [
                    (
                        "content-security-policy",
                        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; frame-ancestors 'none'"
                    ),
                    ("x-frame-options", "DENY"),
                ])
        case ("GET", "/api/status"):
            return .json(try await status(request).jsonText)
        case ("GET", "/api/rows"):
            let from = try integer(request, "from", default: 0)
            let count = try integer(request, "count", default: 100)
            guard from >= 0, count >= 0 else { throw RouteError(400, "from and count must not be negative") }
            return .json(try source(request).rows(matching: request.query["q"] ?? "", from: from, count: count).jsonText)
        case ("GET", "/api/entry"):
            let index = try integer(request, "index", default: nil)
            let source = try source(request)
            return .json(try inspector { () throws(InspectorError) in try source.detail(index) }.jsonText)
        case ("GET", "/api/effects"):
            let source = try source(request)
            guard request.query["index"] != nil else {
                let limit = try integer(request, "count", default: 300)
                guard limit >= 0 else { throw RouteError(400, "count must not be negative") }
                return .json(source.effectLanes(limit: limit).jsonText)
            }
            let index = try integer(request, "index", default: nil)
            return .json(try inspector { () throws(InspectorError) in try source.effects(of: index) }.jsonText)
        case ("GET", "/api/state"):
            return .json(try source(request).currentState().jsonText)
        case ("GET", "/api/charts"):
            return .json(try source(request).charts().jsonText)
        case ("POST", "/api/jump"):
            let index = try field(request, "index")
            try await perform { () async throws(InspectorError) in try await self.live.jump(to: index) }
            return .json(live.status().jsonText)
        case ("POST", "/api/present"):
            try await perform { () async throws(InspectorError) in try await self.live.returnToPresent() }
            return .json(live.status().jsonText)
        case ("POST", "/api/skip"):
            let index = try field(request, "index")
            let skipped = try flag(request, "skipped")
            try await perform { () async throws(InspectorError) in try await self.live.setSkipped(index, skipped) }
            return .json(live.status().jsonText)
        case ("POST", "/api/reset"):
            try await perform { () async throws(InspectorError) in try await self.live.reset() }
            return .json(live.status().jsonText)
        case ("POST", "/api/dispatch"):
            let text = String(decoding: request.body, as: UTF8.self)
            try await perform { () async throws(InspectorError) in try self.live.dispatch(json: text) }
            return .json("{\"accepted\":true}", status: 202)
        case ("GET", "/api/session"):
            var response = InspectorResponse.json(try inspector { () throws(InspectorError) in try self.live.exportSession() })
            response.headers.append(("content-disposition", "attachment; filename=\"inspector-session.json\""))
            return response
        case ("POST", "/api/session"):
            guard request.body.count <= maximumImportBytes else { throw RouteError(413, "the session is over \(maximumImportBytes) bytes") }
            let text = String(decoding: request.body, as: UTF8.self)
            let limit = maximumImportBytes
            let session = try inspector { () throws(InspectorError) in
                try InspectedSession(json: text, options: InspectorOptions(maximumBytes: limit))
            }
            let replaced = imported.withLockedValue { current in
                defer { current = session }
                return current
            }
            withExtendedLifetime(replaced) {}
            return .json(session.status().jsonText, status: 201)
        case ("DELETE", "/api/session"):
            let replaced = imported.withLockedValue { current in
                defer { current = nil }
                return current
            }
            withExtendedLifetime(replaced) {}
            return .json("{}")
        case (_, "/"), (_, "/api/status"), (_, "/api/rows"), (_, "/api/entry"), (_, "/api/effects"), (_, "/api/state"), (_, "/api/charts"),
            (_, "/api/jump"), (_, "/api/present"), (_, "/api/skip"), (_, "/api/reset"), (_, "/api/dispatch"), (_, "/api/session"):
            throw RouteError(405, "\(request.method) is not allowed on \(request.path)")
        default:
            throw RouteError(404, "no such page: \(request.path)")
        }
    }

    /// The status; with `since=N&wait=MS`, waits (polling, at most ``maximumWait``) until the
    /// history's next index is not N or the travel position changes (long polling).
    private func status(_ request: InspectorRequest) async throws(RouteError) -> InspectorValue {
        let source = try source(request)
        let first = source.status()
        guard let since = request.query["since"].flatMap(Int.init), let wait = request.query["wait"].flatMap(Int.init), wait > 0 else {
            return first
        }
        let deadline = ContinuousClock.now + min(.milliseconds(wait), maximumWait)
        var current = first
        while current["next"]?.integer == since, current["position"] == first["position"], ContinuousClock.now < deadline,
            !stopping.load(ordering: .relaxed)
        {
            guard (try? await Task.sleep(for: .milliseconds(100))) != nil else { break }
            current = source.status()
        }
        return current
    }

    private func integer(_ request: InspectorRequest, _ name: String, default value: Int?) throws(RouteError) -> Int {
        guard let text = request.query[name] else {
            guard let value else { throw RouteError(400, "the query needs \(name)=<integer>") }
            return value
        }
        guard let parsed = Int(text) else { throw RouteError(400, "\(name) must be an integer, not \"\(text)\"") }
        return parsed
    }

    /// The body as a JSON object.
    private func body(_ request: InspectorRequest) throws(RouteError) -> InspectorValue {
        let text = String(decoding: request.body, as: UTF8.self)
        let value: InspectorValue
        do throws(InspectorValue.ParseError) {
            value = try InspectorValue(json: text)
        } catch {
            throw RouteError(400, error.description)
        }
        guard case .object = value else { throw RouteError(400, "the body must be a JSON object") }
        return value
    }

    private func field(_ request: InspectorRequest, _ name: String) throws(RouteError) -> Int {
        guard let value = try body(request)[name]?.integer else { throw RouteError(400, "the body needs \"\(name)\": <integer>") }
        return value
    }

    private func flag(_ request: InspectorRequest, _ name: String) throws(RouteError) -> Bool {
        guard case .bool(let value)? = try body(request)[name] else { throw RouteError(400, "the body needs \"\(name)\": true or false") }
        return value
    }

    private func inspector<T>(_ body: () throws(InspectorError) -> T) throws(RouteError) -> T {
        do throws(InspectorError) {
            return try body()
        } catch {
            throw RouteError(error)
        }
    }

    private func perform(_ body: () async throws(InspectorError) -> Void) async throws(RouteError) {
        do throws(InspectorError) {
            try await body()
        } catch {
            throw RouteError(error)
        }
    }
}

/// A refused request: its status and message.
struct RouteError: Error {
    let status: Int
    let message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The status for an inspector's error.
    init(_ error: InspectorError) {
        switch error {
        case .unknownIndex: status = 404
        case .readOnly, .busy: status = 409
        case .malformedJSON, .invalidSession: status = 400
        case .undecodableAction: status = 422
        case .tooLarge: status = 413
        case .store: status = 409
        }
        message = error.description
    }
}
