extension SignalProtocol {
    /// Sends every event of this signal, terminal ones included, as an element; then completes.
    ///
    /// Marble: `-a-b-#` → `-.next(a)-.next(b)-(.failed|)`
    ///
    /// ```swift
    /// request.materialize().observeNext { event in log(event) }   // never fails
    /// ```
    ///
    /// The result never fails: a failure of this signal arrives as a `.failed` element, followed by
    /// completion. ``SignalProtocol/dematerialize()`` is the inverse.
    ///
    /// - Returns: A safe signal of this signal's events.
    @inlinable
    public func materialize() -> Signal<Signal<Element, Error>.Event, Never> {
        Signal.trusted({ observer in
            self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    observer.on(.next(event))
                    if event.isTerminal, !observer.isDisposed { observer.on(.completed) }
                })
        })
    }
}
