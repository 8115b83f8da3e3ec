extension SignalProtocol where Element: Sendable {
    /// Replaces a failure with one last element, then completes.
    ///
    /// Marble: `-a-b-#` → `-a-b-x|` (with `recover(with: x)`)
    ///
    /// ```swift
    /// api.avatar(for: user).recover(with: .placeholder).observeNext { show($0) }
    /// ```
    ///
    /// ReactiveKit's name; ``replaceError(with:)`` (Combine's name) is the same operator.
    ///
    /// - Parameter element: The element sent in place of the error.
    /// - Returns: A signal that cannot fail.
    @inlinable
    public func recover(with element: Element) -> Signal<Element, Never> {
        Signal.trusted({ observer in
            self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let value):
                        observer.on(.next(value))
                    case .failed:
                        observer.on(.next(element))
                        if !observer.isDisposed { observer.on(.completed) }
                    case .completed:
                        observer.on(.completed)
                    }
                })
        })
    }

    /// Replaces a failure with one last element, then completes.
    ///
    /// Marble: `-a-b-#` → `-a-b-x|` (with `replaceError(with: x)`)
    ///
    /// Combine's name for ``recover(with:)``; the two are the same operator.
    ///
    /// - Parameter element: The element sent in place of the error.
    /// - Returns: A signal that cannot fail.
    @inlinable
    public func replaceError(with element: Element) -> Signal<Element, Never> {
        recover(with: element)
    }
}
