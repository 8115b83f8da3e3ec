/// When an observation of a ``TestSignal`` started and ended, in ticks: lets a test check that
/// an operator subscribed to its upstream at the right time and disposed it.
///
/// ```swift
/// #expect(source.subscriptions == [TestSubscription(0, 4)])   // observed at 0, disposed at 4
/// ```
public struct TestSubscription: Sendable, Hashable, CustomStringConvertible {
    /// The tick at which the observation started.
    public var subscribed: Int
    /// The tick at which the observation was disposed (including disposal after a terminal
    /// event), or `nil` while it is still running.
    public var disposed: Int?

    /// Creates a subscription record.
    ///
    /// - Parameters:
    ///   - subscribed: The tick the observation started at.
    ///   - disposed: The tick it was disposed at; `nil` (the default) if it is still running.
    public init(_ subscribed: Int, _ disposed: Int? = nil) {
        self.subscribed = subscribed
        self.disposed = disposed
    }

    /// `subscribed…disposed`, for example `0…4`, or `0…` while running.
    public var description: String {
        "\(subscribed)…\(disposed.map(String.init) ?? "")"
    }
}
