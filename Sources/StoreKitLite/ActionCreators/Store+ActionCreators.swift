public import StreamCore

extension Store {
    /// Runs an action creator with the current state and dispatches the actions it creates.
    ///
    /// ```swift
    /// store.dispatch(.sync { $0.isEmpty ? .load : nil })
    /// let loading = store.dispatch(loadCreator)
    /// loading.dispose()   // cancelled
    /// ```
    ///
    /// The creator runs as an effect: disposing the result or ``cancelAllEffects()`` stops it;
    /// a synchronous creator dispatches before this returns (or queues its action, when called
    /// during a dispatch).
    ///
    /// - Parameter creator: The action creator.
    /// - Returns: A disposable that cancels the creator.
    @discardableResult
    public func dispatch(_ creator: ActionCreator<State, Action>) -> any Disposable {
        run(creator.make(state), key: nil, cancelInFlight: false)
    }

    /// Runs an action creator under a cancellation identifier.
    ///
    /// ```swift
    /// store.dispatch(searchCreator, id: "search", cancelInFlight: true)
    /// store.cancel(id: "search")
    /// ```
    ///
    /// - Parameters:
    ///   - creator: The action creator.
    ///   - id: An identifier to cancel it with ``cancel(id:)``.
    ///   - cancelInFlight: Cancel the creators and effects already running under `id` first.
    /// - Returns: A disposable that cancels the creator.
    @discardableResult
    public func dispatch(
        _ creator: ActionCreator<State, Action>,
        id: some Hashable & Sendable,
        cancelInFlight: Bool = false
    ) -> any Disposable {
        run(creator.make(state), key: AnyHashable(id), cancelInFlight: cancelInFlight)
    }
}
