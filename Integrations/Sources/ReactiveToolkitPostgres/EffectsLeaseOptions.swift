/// How a ``PostgresJournal``'s effects lease is held: set
/// ``PostgresJournalOptions/effectsLease`` to elect one instance to run the effects.
///
/// ```swift
/// var options = PostgresJournalOptions(name: "orders")
/// options.effectsLease = EffectsLeaseOptions(duration: .seconds(10))
/// ```
public struct EffectsLeaseOptions: Sendable, Equatable {
    /// How long a won or renewed lease lasts without a renewal: an instance takes over from a
    /// holder that died or lost its connection within about this time. The holder gives the
    /// lease up itself (and stops its effects) once this time passed since its last renewal
    /// began without one succeeding.
    public var duration: Duration
    /// How often the holder renews the lease, and another instance tries to win it.
    public var renewInterval: Duration

    /// Creates lease options.
    ///
    /// - Parameters:
    ///   - duration: The lease's length (default 10 s; at least 100 ms).
    ///   - renewInterval: Between renewals and attempts (default a third of `duration`; at most
    ///     half of it, so that one lost renewal does not lose the lease).
    public init(duration: Duration = .seconds(10), renewInterval: Duration? = nil) {
        self.duration = max(duration, .milliseconds(100))
        self.renewInterval = min(renewInterval ?? self.duration / 3, self.duration / 2)
    }
}
