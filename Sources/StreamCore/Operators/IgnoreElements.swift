extension SignalProtocol {
    /// Drops every element and passes on only the completion or failure.
    ///
    /// Marble: `-a-b-c|` → `------|`
    ///
    /// ```swift
    /// save.ignoreElements().observeCompleted { showSaved() }
    /// ```
    ///
    /// - Returns: A signal that sends no element and ends as this signal does.
    @inlinable
    public func ignoreElements() -> Signal<Element, Error> {
        Signal.trusted({ observer in
            self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    if case .next = event { return }
                    observer.on(event)
                })
        })
    }
}
