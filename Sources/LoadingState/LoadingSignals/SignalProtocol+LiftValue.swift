public import StreamCore

extension SignalProtocol where Error == Never, Element: LoadingStateProtocol {
    /// Applies regular signal operators to the loaded values of a loading signal.
    ///
    /// The loaded values are fed to the signal that `transform` receives; what it sends comes back
    /// as `.loaded` states and its failure as a `.failed` state (which ends the result).
    /// `.loading` and `.failed` states of the receiver pass through unchanged.
    ///
    /// ```swift
    /// let firstTwo = loadingSignal.liftValue { $0.take(first: 2) }
    /// ```
    ///
    /// - Parameter transform: Transforms the signal of loaded values.
    /// - Returns: A loading signal of the transformed values; it completes when the transformed
    ///   signal completes (the receiver's completion completes the signal of values).
    public func liftValue<NewValue>(
        _ transform:
            @escaping @Sendable (Signal<Element.LoadingValue, Element.LoadingError>)
            -> Signal<NewValue, Element.LoadingError>
    ) -> LoadingSignal<NewValue, Element.LoadingError> {
        LoadingSignal<NewValue, Element.LoadingError> { observer in
            let values = PassthroughSubject<Element.LoadingValue, Element.LoadingError>()
            let transformed = transform(values.toSignal()).observe { event in
                switch event {
                case .next(let value): observer.receive(.loaded(value))
                case .failed(let error): observer.receive(lastElement: .failed(error))
                case .completed: observer.on(.completed)
                }
            }
            let source = self.observe { event in
                switch event {
                case .next(let state):
                    switch state.asLoadingState {
                    case .loading: observer.receive(.loading)
                    case .loaded(let value): values.send(value)
                    case .failed(let error): observer.receive(.failed(error))
                    }
                case .completed: values.send(completion: .finished)
                }
            }
            return CompositeDisposable([transformed, source])
        }
    }
}
