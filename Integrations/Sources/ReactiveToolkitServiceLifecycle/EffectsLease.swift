/// A lease that elects one instance of a shared store to run its effects (say, a
/// `PostgresJournal`'s effects lease, Decision 0027).
///
/// ``StoreService`` attaches its feedbacks through a lease when it has one: they run only on
/// the instance that holds it, are attached when it wins the lease and detached (their effects
/// cancelled) when it loses it.
///
/// ```swift
/// let registration = lease.whileLeading {
///     let attached = payment.map { store.attach(effect: $0.effects, named: $0.name) }
///     return { for attachment in attached { attachment.dispose() } }
/// }
/// // … at shutdown:
/// registration.end()?()
/// ```
public protocol EffectsLease: Sendable {
    /// Calls `lead` each time this instance wins the lease, and the closure it returns (the
    /// stop) when it loses it, before anything this instance sends stops being marked as the
    /// leader's. `lead` and its stop run on the lease's task, never under a lock; `lead` runs at
    /// once if the lease is held now.
    ///
    /// - Parameter lead: Starts the effects; returns what stops them.
    /// - Returns: The registration, to end it.
    func whileLeading(_ lead: @escaping @Sendable () -> @Sendable () -> Void) -> any EffectsLeaseRegistration
}

/// A registration with an ``EffectsLease``: ``end()`` unregisters it.
public protocol EffectsLeaseRegistration: Sendable {
    /// Stops calling the registration's `lead` and stop. Returns the stop of the effects running
    /// now (the lease is held), for the caller to run when it chooses (say, after a graceful
    /// shutdown waited for the effects in flight), or nil.
    func end() -> (@Sendable () -> Void)?
}
