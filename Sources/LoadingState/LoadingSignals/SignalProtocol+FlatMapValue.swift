public import StreamCore

extension SignalProtocol where Error == Never, Element: LoadingStateProtocol {
    /// Maps each loaded value to a new loading signal and follows the latest one
    /// (`flatMapLatest` semantics): a newer state of the receiver cancels the inner load.
    ///
    /// `.loading` and `.failed` states of the receiver pass through (and cancel the inner load).
    ///
    /// ```swift
    /// let avatar = user.flatMapValue { user in api.avatar(of: user).toLoadingSignal() }
    /// ```
    ///
    /// - Parameter transform: Starts the dependent load for a loaded value.
    /// - Returns: The loading states of the dependent loads.
    public func flatMapValue<NewValue>(
        _ transform: @escaping @Sendable (Element.LoadingValue) -> LoadingSignal<NewValue, Element.LoadingError>
    ) -> LoadingSignal<NewValue, Element.LoadingError> {
        flatMapLatest { element -> LoadingSignal<NewValue, Element.LoadingError> in
            switch element.asLoadingState {
            case .loading:
                return .loading()
            case .loaded(let value):
                return transform(value)
            case .failed(let error):
                return .failed(error)
            }
        }
    }

    /// Maps each loaded value to a regular signal and follows the latest one as a loading signal
    /// (the inner signal is converted with `toLoadingSignal()`).
    ///
    /// - Parameter transform: Starts the dependent work for a loaded value.
    /// - Returns: The loading states of the dependent work.
    public func flatMapValue<NewValue>(
        _ transform: @escaping @Sendable (Element.LoadingValue) -> Signal<NewValue, Element.LoadingError>
    ) -> LoadingSignal<NewValue, Element.LoadingError> {
        flatMapValue { (value: Element.LoadingValue) -> LoadingSignal<NewValue, Element.LoadingError> in
            transform(value).toLoadingSignal()
        }
    }
}
