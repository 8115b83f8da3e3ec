public import StreamCore

/// What the cache-then-refresh fetch remembers per observation.
struct CacheThenRefreshState<Value: Sendable>: Sendable {
    var cached: Value?
    var refreshed = false
}

extension ResourceFlow {
    /// Shows the stored value at once, then refreshes it from the network.
    ///
    /// - A valid stored value (within the store's maximum age): `.loaded(cached)`, `.reloading`,
    ///   then `.loaded(fresh)` — or, when the refresh fails, `.failed(error)` followed by
    ///   `.loaded(cached)` again, so the last state keeps the cached value on screen while the
    ///   failure has been reported.
    /// - Nothing valid stored (missing, corrupt, expired, persistence off): `.loading`, then
    ///   `.loaded(fresh)` or `.failed(error)`.
    ///
    /// The fresh value is saved like in ``fetchFromNetwork(_:)``. The signal completes after the
    /// last state.
    ///
    /// ```swift
    /// flow.fetchCachedThenRefresh(Resource(path: "feed"))
    ///     .consumeLoadingState(by: screen)
    ///     .observeNext { render($0) }
    /// ```
    ///
    /// - Parameter resource: What to fetch from the network.
    /// - Returns: A safe signal of observed loading states.
    public func fetchCachedThenRefresh(_ resource: Resource) -> SafeSignal<ObservedLoadingState<Value, FlowError>> {
        let flow = self
        return SafeSignal { observer in
            let state = LockedState(CacheThenRefreshState<Value>())
            let refresh = SerialDisposable()
            let startRefresh: @Sendable () -> Void = {
                refresh.otherDisposable = flow.fetchFromNetwork(resource).observe { event in
                    switch event {
                    case .next(let value):
                        state.withLock { $0.refreshed = true }
                        observer.receive(.loaded(value))
                    case .failed(let error):
                        observer.receive(.failed(error))
                        if let cached = state.withLock({ $0.cached }) { observer.receive(.loaded(cached)) }
                        observer.on(.completed)
                    case .completed:
                        observer.on(.completed)
                    }
                }
            }
            let cache = flow.loadFromPersistence().observe { event in
                switch event {
                case .next(let value):
                    state.withLock { $0.cached = value }
                case .failed:
                    observer.receive(.loading)
                    startRefresh()
                case .completed:
                    if let cached = state.withLock({ $0.cached }) {
                        observer.receive(.loaded(cached))
                        observer.receive(.reloading)
                    } else {
                        observer.receive(.loading)
                    }
                    startRefresh()
                }
            }
            return CompositeDisposable([cache, refresh])
        }
    }
}
