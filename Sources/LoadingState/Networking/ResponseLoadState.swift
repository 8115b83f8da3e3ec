import Foundation

/// The limits one request of a ``URLSessionConnection`` runs under.
struct ResponseLimits: Sendable, Hashable {
    /// Seconds from the start of the request to the last byte of the body.
    var deadline: TimeInterval
    /// The largest acceptable body, in bytes.
    var maximumBodySize: Int
    /// How much of an error body (a status outside the acceptable range) is kept, in bytes.
    var maximumErrorBodySize: Int
    /// The status codes that count as success.
    var acceptableStatusCodes: Range<Int>
}

/// The pure state machine of one request: what the URLSession delegate callbacks, the deadline
/// and disposal do, decided under the request's lock. Every input returns what to do after
/// unlocking; exactly one input ever returns ``Action/finish(_:cancelsTask:)``.
struct ResponseLoadState: Sendable {
    enum Phase: Sendable {
        /// Sent; no response head yet.
        case waiting
        /// A response head arrived: the body so far, and whether it is an error body.
        case receiving(status: Int, isError: Bool, body: Data)
        /// The observer has its terminal event (or was disposed); later inputs do nothing.
        case finished
    }

    /// What the caller does after unlocking.
    enum Action: Sendable, Equatable {
        /// Nothing (keep receiving).
        case none
        /// Deliver the result to the observer; cancel the task first when `cancelsTask`.
        case finish(Result<Data, FlowError>, cancelsTask: Bool)
    }

    let limits: ResponseLimits
    private(set) var phase = Phase.waiting

    init(limits: ResponseLimits) {
        self.limits = limits
    }

    /// The response head arrived.
    ///
    /// - Parameters:
    ///   - status: The HTTP status, or `nil` for a response that is not HTTP.
    ///   - expectedLength: The declared `Content-Length`, or a negative number when unknown.
    mutating func receivedResponse(status: Int?, expectedLength: Int64) -> Action {
        guard case .waiting = phase else { return .none }
        guard let status else {
            return finish(.network(code: URLError.Code.badServerResponse.rawValue, message: "not an HTTP response"))
        }
        let isError = !limits.acceptableStatusCodes.contains(status)
        if !isError, expectedLength > Int64(limits.maximumBodySize) {
            return finish(.responseTooLarge(limit: limits.maximumBodySize))
        }
        var body = Data()
        let cap = isError ? limits.maximumErrorBodySize : limits.maximumBodySize
        if expectedLength > 0 { body.reserveCapacity(Int(min(expectedLength, Int64(cap)))) }
        phase = .receiving(status: status, isError: isError, body: body)
        return .none
    }

    /// A chunk of the body arrived.
    mutating func received(_ chunk: Data) -> Action {
        guard case .receiving(let status, let isError, var body) = phase else { return .none }
        phase = .finished  // moves `body` out, so appending does not copy it
        if isError {
            let room = limits.maximumErrorBodySize - body.count
            body.append(chunk.prefix(room))
            if chunk.count >= room {
                // The kept part is complete: stop downloading the rest of the error page.
                return .finish(.failure(.httpStatus(status, body: body)), cancelsTask: true)
            }
        } else {
            guard chunk.count <= limits.maximumBodySize - body.count else {
                return .finish(.failure(.responseTooLarge(limit: limits.maximumBodySize)), cancelsTask: true)
            }
            body.append(chunk)
        }
        phase = .receiving(status: status, isError: isError, body: body)
        return .none
    }

    /// The task ended, with URLSession's error or none.
    mutating func completed(error: FlowError?) -> Action {
        let current = phase
        phase = .finished
        switch current {
        case .finished:
            return .none
        case .waiting:
            let failure =
                error
                ?? .network(
                    code: URLError.Code.badServerResponse.rawValue, message: "the task ended without a response")
            return .finish(.failure(failure), cancelsTask: false)
        case .receiving(let status, let isError, let body):
            if isError { return .finish(.failure(.httpStatus(status, body: body)), cancelsTask: false) }
            if let error { return .finish(.failure(error), cancelsTask: false) }
            return .finish(.success(body), cancelsTask: false)
        }
    }

    /// The overall deadline passed.
    mutating func deadlinePassed() -> Action {
        if case .finished = phase { return .none }
        return finish(.deadlineExceeded(seconds: limits.deadline))
    }

    /// The observation was disposed: nothing more is delivered.
    ///
    /// - Returns: Whether the request was still running (so its task should be cancelled).
    mutating func disposed() -> Bool {
        if case .finished = phase { return false }
        phase = .finished
        return true
    }

    private mutating func finish(_ error: FlowError) -> Action {
        phase = .finished
        return .finish(.failure(error), cancelsTask: true)
    }
}
