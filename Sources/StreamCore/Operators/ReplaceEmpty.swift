extension SignalProtocol where Element: Sendable {
    /// Sends `element` before completing if the signal completes without sending any element
    /// (ReactiveKit's and Combine's `replaceEmpty(with:)`).
    ///
    /// Marble: `---|` → `---(x|)`; `-a-|` → `-a-|`
    ///
    /// ```swift
    /// searchResults.replaceEmpty(with: []).observeNext(render)
    /// ```
    ///
    /// A failure is passed on as is.
    ///
    /// - Parameter element: The element sent for an empty signal.
    /// - Returns: A signal with at least one element if it completes.
    public func replaceEmpty(with element: Element) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let isEmpty = SerialBox(true)
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next:
                        isEmpty.value = false
                        observer.on(event)
                    case .failed:
                        observer.on(event)
                    case .completed:
                        if isEmpty.value {
                            observer.on(.next(element))
                            if observer.isDisposed { return }
                        }
                        observer.on(.completed)
                    }
                })
        })
    }
}
