public import StreamCore

extension SignalProtocol where Error == Never, Element: LoadingStateProtocol {
    /// Shares one observation of the receiver among all observers and replays the last `limit`
    /// *loaded values* (not `.loading` or `.failed` states) to each new observer.
    ///
    /// The receiver is observed when the first observer arrives and released when the last one
    /// leaves (reference counting). After the receiver completes, new observers get the buffered
    /// values and the completion.
    ///
    /// ```swift
    /// let shared = api.fetchUser().toLoadingSignal().shareReplayValues(limit: 1)
    /// shared.observeNext { print($0) }   // .loading, .loaded(user)
    /// shared.observeNext { print($0) }   // .loaded(user)
    /// ```
    ///
    /// - Parameter limit: How many loaded values to replay. Default: all.
    /// - Returns: A shared loading signal.
    public func shareReplayValues(limit: Int = .max) -> LoadingSignal<Element.LoadingValue, Element.LoadingError> {
        let hub = LoadingValueReplayHub(source: map { $0.asLoadingState }, limit: limit)
        return LoadingSignal { observer in hub.observe { observer.on($0) } }
    }
}
