extension SignalProtocol {
    /// Sends each element paired with the one before it; the first element is paired with `nil`
    /// (ReactiveKit's `zipPrevious()`).
    ///
    /// Marble: `-a-b-c|` → `-(nil,a)-(a,b)-(b,c)|`
    ///
    /// ```swift
    /// selection.zipPrevious().observeNext { old, new in
    ///     old.map(deselect)
    ///     select(new)
    /// }
    /// ```
    ///
    /// Unlike ``pairwise()``, every element produces a pair, including the first.
    ///
    /// - Returns: A signal of `(previous, current)` pairs, `previous` being `nil` for the first.
    public func zipPrevious() -> Signal<(Element?, Element), Error> {
        Signal.trusted({ observer in
            let previous = SerialBox<Element?>(nil)
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element):
                        let last = previous.value
                        previous.value = element
                        observer.on(.next((last, element)))
                    case .failed(let error):
                        previous.value = nil
                        observer.on(.failed(error))
                    case .completed:
                        previous.value = nil
                        observer.on(.completed)
                    }
                })
        })
    }
}
