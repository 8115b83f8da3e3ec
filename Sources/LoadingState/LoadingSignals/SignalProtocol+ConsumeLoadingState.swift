public import StreamCore

extension SignalProtocol where Error == Never, Element: ObservedLoadingStateProtocol {
    /// Hands each observed loading state to `listener` and returns the loaded values.
    ///
    /// The listener is held weakly: once it is gone, states are no longer handed to it (the
    /// values still flow).
    ///
    /// - Parameter listener: Shows the states.
    /// - Returns: A safe signal of the loaded values.
    public func consumeLoadingState(by listener: any LoadingStateListener) -> SafeSignal<Element.LoadingValue> {
        let weakListener = WeakListener(listener)
        return SafeSignal<Element.LoadingValue> { observer in
            self.observe { event in
                switch event {
                case .next(let element):
                    let state = element.asObservedLoadingState
                    weakListener.listener?.setLoadingState(state)
                    if case .loaded(let value) = state { observer.receive(value) }
                case .completed:
                    observer.on(.completed)
                }
            }
        }
    }
}

extension SignalProtocol where Error == Never, Element: LoadingStateProtocol {
    /// Hands each loading state to `listener` as an ``ObservedLoadingState`` (later loads are
    /// `.reloading`) and returns the loaded values.
    ///
    /// ```swift
    /// fetchImage.toLoadingSignal()
    ///     .consumeLoadingState(by: screen)
    ///     .observeNext { image in imageView.image = image }
    /// ```
    ///
    /// - Parameter listener: Shows the states; held weakly.
    /// - Returns: A safe signal of the loaded values.
    public func consumeLoadingState(by listener: any LoadingStateListener) -> SafeSignal<Element.LoadingValue> {
        deriveObservedLoadingState().consumeLoadingState(by: listener)
    }
}

/// A weak reference to a listener; `Sendable` because the reference is immutable and weak
/// references are loaded atomically.
final class WeakListener: Sendable {
    weak let listener: (any LoadingStateListener)?

    init(_ listener: any LoadingStateListener) {
        self.listener = listener
    }
}
