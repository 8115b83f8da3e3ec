public import StreamCore

extension Store where State: Codable, Action: Codable {
    /// Creates a durable store: its state is restored from `journal` (the last snapshot, then
    /// the journaled actions after it), and every action it reduces from now on is journaled
    /// before its `send` returns.
    ///
    /// ```swift
    /// let journal = try FileJournal<Orders, OrderAction>(folder: dataFolder)
    /// let store = try Store(initialState: Orders(), reducer: orders, journal: journal)
    /// ```
    ///
    /// The journal runs as the last middleware, so it records the actions as they reach the
    /// reducer; replay applies them with `reducer` only (not through `middleware`). Under
    /// ``JournalSyncPolicy/always`` an action reaches the reducer, and its `send` returns, only
    /// after an `fsync` covered it (group commit). The reducer must be deterministic.
    ///
    /// Every action must reach the reducer through the journal: ``Store/dispatchToReducer(_:)``
    /// skips the middleware, so its actions are not journaled and would throw off the count of
    /// actions a snapshot holds; do not use it on a journaled store. An action the journal could
    /// not write (disk full, over ``JournalOptions/maxRecordBytes``) is refused: `send` throws
    /// `StoreError.rejected` and the state is unchanged; ``FileJournal/lastError`` keeps the
    /// cause.
    ///
    /// - Parameters:
    ///   - initialState: The state before the first action ever journaled.
    ///   - reducer: The deterministic reducer.
    ///   - journal: An opened journal; it backs one store only.
    ///   - middleware: Interceptors run before the journal.
    ///   - observers: Observing middleware, as for ``init(initialState:reducer:middleware:observers:notifyOn:queue:withDependencies:)``.
    ///   - notifyOn: Where observers and effects are called.
    /// - Throws: The ``JournalError`` that stops restoring: a corrupt record or snapshot (with its
    ///   offset), an undecodable action, an I/O error.
    public convenience init(
        initialState: State,
        reducer: Reducer<State, Action>,
        journal: FileJournal<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        observers: [any ObservingMiddleware<State, Action>] = [],
        notifyOn: ExecutionContext = .immediate
    ) throws(JournalError) {
        let restored = try journal.restore(initialState: initialState, reducer: reducer)
        // Group commit holds each action until an fsync covers it; the others pass it on at once.
        let journaling =
            journal.groupCommits
            ? Middleware<State, Action>(holding: { action, context, holder in
                journal.append(
                    action, currentState: { context.state }, holder: holder,
                    contended: { context.store?.hasQueuedActions ?? false })
            })
            : Middleware<State, Action> { action, context in
                journal.append(action, currentState: { context.state }, holder: nil)
            }
        let guarded = Reducer<State, Action>(mutating: { state, action throws(StoreError) in
            if let refusal = journal.admit() { throw .rejected("journal: \(refusal.description)") }
            try reducer(&state, action)
        })
        self.init(
            initialState: restored, reducer: guarded, middleware: middleware + [journaling], observers: observers,
            notifyOn: notifyOn)
    }
}

extension Store where State: Codable & Equatable, Action: Codable {
    /// Creates a durable store, optionally checking before each snapshot that replaying the
    /// journal gives the live state (a debug check of the reducer's determinism).
    ///
    /// With `checkingReplay`, before each snapshot the journal replays its files with `reducer`
    /// and compares the result with the live state; on a difference it writes no snapshot (the
    /// journal stays the truth) and sets ``FileJournal/lastError`` to
    /// ``JournalError/replayMismatch(sequence:)``. It costs a replay per snapshot: use it in
    /// debug builds and tests.
    ///
    /// - Parameters:
    ///   - initialState: The state before the first action ever journaled.
    ///   - reducer: The deterministic reducer.
    ///   - journal: An opened journal; it backs one store only.
    ///   - checkingReplay: Whether to check replay against the live state at each snapshot.
    ///   - middleware: Interceptors run before the journal.
    ///   - observers: Observing middleware.
    ///   - notifyOn: Where observers and effects are called.
    /// - Throws: The ``JournalError`` that stops restoring.
    public convenience init(
        initialState: State,
        reducer: Reducer<State, Action>,
        journal: FileJournal<State, Action>,
        checkingReplay: Bool,
        middleware: [Middleware<State, Action>] = [],
        observers: [any ObservingMiddleware<State, Action>] = [],
        notifyOn: ExecutionContext = .immediate
    ) throws(JournalError) {
        if checkingReplay {
            journal.replayCheck.withLock {
                $0 = { [unowned journal] live, covered in
                    do throws(JournalError) {
                        let replayed = try journal.replayedState(
                            initialState: initialState, reducer: reducer, through: covered)
                        return replayed == live ? nil : .replayMismatch(sequence: covered)
                    } catch {
                        return error
                    }
                }
            }
        }
        try self.init(
            initialState: initialState, reducer: reducer, journal: journal, middleware: middleware,
            observers: observers, notifyOn: notifyOn)
    }
}

extension Store {
    /// Whether actions are queued behind the thread holding the dispatch role (the journal's
    /// group commit switches from syncing a lone sender's action at once to grouping).
    var hasQueuedActions: Bool {
        gate.load(ordering: .relaxed) & Self.stateBits == Self.lockedBit
    }
}
