public import StreamCore

extension SignalProtocol {
    /// Converts the signal into a ``LoadingSignal``: `.loading` first, each element as
    /// `.loaded`, and the error as `.failed` (after which the loading signal completes).
    ///
    /// `-a-b|` → `L-A-B|`, `-a-#e` → `L-A-F(e)|` (L = `.loading`, A = `.loaded(a)`).
    ///
    /// ```swift
    /// fetchImage                           // Signal<Image, APIError>
    ///     .toLoadingSignal()               // LoadingSignal<Image, APIError>
    ///     .observeNext { state in render(state) }
    /// ```
    ///
    /// - Returns: A safe signal of loading states that sends `.loading` as soon as it is observed.
    public func toLoadingSignal() -> LoadingSignal<Element, Error> {
        LoadingSignal<Element, Error> { observer in
            observer.receive(.loading)
            return self.observe { event in
                switch event {
                case .next(let element): observer.receive(.loaded(element))
                case .failed(let error): observer.receive(lastElement: .failed(error))
                case .completed: observer.on(.completed)
                }
            }
        }
    }
}
