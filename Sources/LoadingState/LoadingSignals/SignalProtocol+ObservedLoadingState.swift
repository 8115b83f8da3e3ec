public import StreamCore

/// What `deriveObservedLoadingState(loadsAgainOnFailure:)` remembers
/// per observation.
struct ObservedLoadingStateTracker: Sendable {
    enum Last: Sendable { case none, loading, loaded, failed }
    var last = Last.none
    var hasResult = false
}

extension SignalProtocol where Error == Never, Element: LoadingStateProtocol {
    /// Converts loading states into observed loading states: every `.loading` after the first
    /// result becomes `.reloading`; a repeated `.loading` (no result in between) is dropped.
    ///
    /// `L-A-L-B-L-F` → `L-A-R-B-R-F` (R = `.reloading`)
    ///
    /// - Parameter loadsAgainOnFailure: When `true`, a `.loading` right after a `.failed` stays
    ///   `.loading` (ReactiveKit's default: retrying after an error looks like a first load).
    ///   Default `false`: every load after the first result is a reload.
    /// - Returns: A safe signal of ``ObservedLoadingState``s.
    public func deriveObservedLoadingState(
        loadsAgainOnFailure: Bool = false
    ) -> SafeSignal<ObservedLoadingState<Element.LoadingValue, Element.LoadingError>> {
        SafeSignal<ObservedLoadingState<Element.LoadingValue, Element.LoadingError>> { observer in
            let tracker = LockedState(ObservedLoadingStateTracker())
            return self.observe { event in
                guard case .next(let element) = event else {
                    observer.on(.completed)
                    return
                }
                switch element.asLoadingState {
                case .loading:
                    let output: ObservedLoadingState<Element.LoadingValue, Element.LoadingError>? =
                        tracker.withLock { tracker in
                            if tracker.last == .loading { return nil }
                            let isReload = tracker.hasResult && !(loadsAgainOnFailure && tracker.last == .failed)
                            tracker.last = .loading
                            return isReload ? .reloading : .loading
                        }
                    if let output { observer.receive(output) }
                case .loaded(let value):
                    tracker.withLock {
                        $0.last = .loaded; $0.hasResult = true
                    }
                    observer.receive(.loaded(value))
                case .failed(let error):
                    tracker.withLock {
                        $0.last = .failed; $0.hasResult = true
                    }
                    observer.receive(.failed(error))
                }
            }
        }
    }
}
