import NIOConcurrencyHelpers
public import ReactiveToolkitServiceLifecycle

/// A ``PostgresJournal``'s effects lease: one instance of the shared store at a time holds it
/// and runs the effects (``PostgresJournalOptions/effectsLease``, Decision 0027).
///
/// ```swift
/// var options = PostgresJournalOptions(name: "orders")
/// options.effectsLease = EffectsLeaseOptions(duration: .seconds(10))
/// let journal = try PostgresJournal<Orders, OrderAction>(configuration: postgres, options: options)
/// let store = try await Store(initialState: Orders(), reducer: orders, journal: journal)
/// let service = StoreService(store: store, feedbacks: [payment], closing: { await journal.close() },
///                            lease: journal.lease)
/// ```
///
/// The lease is a row of `<name>_lease` (holder, epoch, expiry in the server's clock). The
/// holder renews it every ``EffectsLeaseOptions/renewInterval``; another instance wins it once
/// it expired, and each win increments the **epoch**. While this instance leads, every action it
/// sends carries the epoch, and the insert checks it against the lease row in the same
/// statement: an action of an old leader (paused, or cut off, while another took over) is
/// refused with ``PostgresJournalError/fenced(epoch:current:)`` (`send` throws
/// `StoreError.rejected`), nothing is written.
public final class PostgresEffectsLease: EffectsLease {
    /// What the lease task and the registrations share, guarded by `state`.
    struct State: Sendable {
        /// The epoch held now, nil while another instance (or none) holds the lease.
        var epoch: Int64?
        /// The epoch the actions are marked with: the held one, and after a loss the lost one
        /// until the effects are stopped.
        var fence: Int64?
        /// Counts wins and losses, so that a stop returned for an older lead is not kept.
        var generation: UInt64 = 0
        var registrations: [UInt64: Registration] = [:]
        var nextID: UInt64 = 0
        var isClosed = false
    }

    /// One `whileLeading` caller: its lead, and the stop of the effects it runs now.
    struct Registration: Sendable {
        let lead: @Sendable () -> @Sendable () -> Void
        var stop: (@Sendable () -> Void)?
    }

    /// This instance's name in the lease row's `holder`.
    let holder: String
    let options: EffectsLeaseOptions
    let state = NIOLockedValueBox(State())

    init(holder: String, options: EffectsLeaseOptions) {
        self.holder = holder
        self.options = options
    }

    /// Whether this instance holds the lease now (as far as it knows: a paused holder learns
    /// of a takeover at its next renewal; its actions are fenced meanwhile).
    public var isLeader: Bool {
        state.withLockedValue { $0.epoch != nil }
    }

    /// The lease epoch this instance holds, or nil: a stable, increasing number for the
    /// leader's term, to log or to add to an idempotency key's scope.
    public var epoch: Int64? {
        state.withLockedValue { $0.epoch }
    }

    /// Calls `lead` each time this instance wins the lease (at once if it holds it) and its
    /// stop when it loses it; see `EffectsLease` (ReactiveToolkitServiceLifecycle).
    ///
    /// - Parameter lead: Starts the effects; returns what stops them.
    /// - Returns: The registration, to end it.
    public func whileLeading(
        _ lead: @escaping @Sendable () -> @Sendable () -> Void
    ) -> any EffectsLeaseRegistration {
        let (id, generation) = state.withLockedValue { state -> (UInt64, UInt64?) in
            state.nextID &+= 1
            state.registrations[state.nextID] = Registration(lead: lead, stop: nil)
            return (state.nextID, state.epoch != nil && !state.isClosed ? state.generation : nil)
        }
        if let generation { start([(id, lead)], generation: generation) }
        return LeaseRegistration(lease: self, id: id)
    }

    /// Runs the leads of a win (outside the lock) and keeps their stops, unless the lease was
    /// lost meanwhile: then the stop runs at once.
    func start(_ leads: [(UInt64, @Sendable () -> @Sendable () -> Void)], generation: UInt64) {
        for (id, lead) in leads {
            let stop = lead()
            let kept = state.withLockedValue { state -> Bool in
                guard state.generation == generation, state.epoch != nil, state.registrations[id] != nil else { return false }
                state.registrations[id]?.stop = stop
                return true
            }
            if !kept { stop() }
        }
    }

    /// Whether the journal is closing: the lease is not won again.
    var isClosing: Bool {
        state.withLockedValue { $0.isClosed }
    }

    /// Stops winning the lease; returns the epoch held, if any (to release it).
    func close() -> Int64? {
        let epoch = state.withLockedValue { state -> Int64? in
            state.isClosed = true
            return state.epoch
        }
        lost()
        return epoch
    }

    /// This instance won the lease at `epoch`: marks its actions, runs the leads.
    func won(epoch: Int64) {
        let (leads, generation) = state.withLockedValue { state -> ([(UInt64, @Sendable () -> @Sendable () -> Void)], UInt64) in
            guard !state.isClosed else { return ([], state.generation) }
            state.generation &+= 1
            state.epoch = epoch
            state.fence = epoch
            let leads = state.registrations.filter { $0.value.stop == nil }.map { ($0.key, $0.value.lead) }
            return (leads, state.generation)
        }
        start(leads, generation: generation)
    }

    /// This instance lost the lease (or gave it up): stops the effects, then stops marking its
    /// actions, in that order, so that nothing the effects send goes unfenced.
    func lost() {
        let stops = state.withLockedValue { state -> [@Sendable () -> Void] in
            guard state.epoch != nil else { return [] }
            state.generation &+= 1
            state.epoch = nil
            var stops: [@Sendable () -> Void] = []
            for id in state.registrations.keys {
                if let stop = state.registrations[id]?.stop { stops.append(stop) }
                state.registrations[id]?.stop = nil
            }
            return stops
        }
        for stop in stops { stop() }
        state.withLockedValue { state in
            if state.epoch == nil { state.fence = nil }
        }
    }

    /// The epoch to mark an action with, or nil.
    var fence: Int64? {
        state.withLockedValue { $0.fence }
    }

    /// Ends a registration: returns its running stop.
    func end(_ id: UInt64) -> (@Sendable () -> Void)? {
        state.withLockedValue { $0.registrations.removeValue(forKey: id)?.stop }
    }
}

/// A ``PostgresEffectsLease/whileLeading(_:)`` registration.
struct LeaseRegistration: EffectsLeaseRegistration {
    let lease: PostgresEffectsLease
    let id: UInt64

    func end() -> (@Sendable () -> Void)? {
        lease.end(id)
    }
}
