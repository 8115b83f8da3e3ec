public import StreamCore

extension SignalProtocol where Error == Never, Element: LoadingStateProtocol {
    /// The loaded values only; `.loading` and `.failed` states are dropped.
    ///
    /// `L-A-F-B|` → `--a---b|`
    ///
    /// - Returns: A safe signal of the values of `.loaded` states.
    public func value() -> SafeSignal<Element.LoadingValue> {
        compactMap { $0.asLoadingState.value }
    }

    /// Transforms the value of each `.loaded` state; other states pass through.
    ///
    /// `L-A-F|` → `L-T(A)-F|`
    ///
    /// - Parameter transform: Maps a loaded value.
    /// - Returns: A loading signal of transformed values.
    public func mapValue<NewValue>(
        _ transform: @escaping @Sendable (Element.LoadingValue) -> NewValue
    ) -> LoadingSignal<NewValue, Element.LoadingError> {
        map { element -> LoadingState<NewValue, Element.LoadingError> in
            switch element.asLoadingState {
            case .loading: return .loading
            case .loaded(let value): return .loaded(transform(value))
            case .failed(let error): return .failed(error)
            }
        }
    }

    /// Transforms the error of each `.failed` state; other states pass through.
    ///
    /// - Parameter transform: Maps a load's error.
    /// - Returns: A loading signal with the new error type.
    public func mapLoadingError<NewError>(
        _ transform: @escaping @Sendable (Element.LoadingError) -> NewError
    ) -> LoadingSignal<Element.LoadingValue, NewError> {
        map { element -> LoadingState<Element.LoadingValue, NewError> in
            switch element.asLoadingState {
            case .loading: return .loading
            case .loaded(let value): return .loaded(value)
            case .failed(let error): return .failed(transform(error))
            }
        }
    }

    /// Converts the loading signal back into a regular signal: loaded values become elements and
    /// the first `.failed` state fails the signal (ending it); `.loading` states are dropped.
    ///
    /// `L-A-F(e)-B` → `--a-#e`
    ///
    /// - Returns: A signal of loaded values that fails with the load's error.
    public func dematerializeLoadingState() -> Signal<Element.LoadingValue, Element.LoadingError> {
        Signal<Element.LoadingValue, Element.LoadingError> { observer in
            self.observe { event in
                switch event {
                case .next(let state):
                    switch state.asLoadingState {
                    case .loading: break
                    case .loaded(let value): observer.receive(value)
                    case .failed(let error): observer.on(.failed(error))
                    }
                case .completed: observer.on(.completed)
                }
            }
        }
    }
}
