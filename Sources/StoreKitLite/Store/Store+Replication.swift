extension Store {
    /// Dispatches an action straight to the reducer, skipping the middleware: for an action that
    /// was already accepted elsewhere, such as another instance's action in a replicated store
    /// (ReactiveToolkitPostgres) or one read back from a log.
    ///
    /// ```swift
    /// // A replication layer applies another instance's committed action:
    /// store.dispatchToReducer(remoteAction)
    /// ```
    ///
    /// The action is queued with every other dispatch and runs in the order the store accepted
    /// it, like ``dispatch(_:)-(Action)``: an action a holding middleware resumes
    /// (``HeldAction/resume()``) before this call runs before it, one resumed after runs after
    /// it. Observers, attached effects and observing middleware see its state as usual. After
    /// ``close()`` the action is dropped.
    ///
    /// - Parameter action: The action.
    /// - Complexity: As ``dispatch(_:)-(Action)``, without the middleware.
    public func dispatchToReducer(_ action: Action) {
        guard accepting.load(ordering: .relaxed) else { return }
        enqueue(Pending(action: action, start: .max))  // past every middleware link
    }
}
