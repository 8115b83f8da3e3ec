public import Foundation
public import StreamCore

/// Sends a ``Resource``'s request and delivers the response body: the network part of a flow.
///
/// ``URLSessionConnection`` is the default; conform your own type to put another HTTP client
/// (or a recorded fixture) under a flow.
public protocol Connection: Sendable {
    /// The base URL that resources are relative to (its host is what reachability checks).
    var baseURL: URL { get }

    /// A signal that sends the request when observed, delivers the body of an acceptable
    /// response and completes, or fails with a ``FlowError``. Disposing the observation cancels
    /// the request.
    ///
    /// - Parameter resource: What to request.
    /// - Returns: A cold signal of the response body.
    func data(for resource: Resource) -> Signal<Data, FlowError>
}
