extension SignalProtocol {
    /// Drops each element that equals, by `areEqual`, the element sent just before it.
    ///
    /// Marble: `-a-a-b-a-a|` → `-a---b-a--|`
    ///
    /// The first element is always sent. Only neighbours are compared: an element equal to an
    /// earlier, non-adjacent one is sent.
    ///
    /// - Parameter areEqual: Called serially with the previous element and the new one; `true`
    ///   drops the new one.
    /// - Returns: A signal without consecutive duplicates.
    @inlinable
    public func distinctUntilChanged(
        _ areEqual: @escaping @Sendable (Element, Element) -> Bool
    ) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let previous = SerialBox<Element?>(nil)
            return self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    if case .next(let element) = event {
                        if let last = previous.value, areEqual(last, element) { return }
                        previous.value = element
                    }
                    observer.on(event)
                })
        })
    }

    /// Drops each element that equals, by `areEqual`, the element sent just before it.
    ///
    /// Marble: `-a-a-b-a-a|` → `-a---b-a--|`
    ///
    /// Combine's name for ``distinctUntilChanged(_:)``; the two are the same operator.
    ///
    /// - Parameter areEqual: Called serially with the previous element and the new one.
    /// - Returns: A signal without consecutive duplicates.
    @inlinable
    public func removeDuplicates(
        by areEqual: @escaping @Sendable (Element, Element) -> Bool
    ) -> Signal<Element, Error> {
        distinctUntilChanged(areEqual)
    }
}

extension SignalProtocol {
    /// Drops each element whose value at `keyPath` equals that of the element sent just before it.
    ///
    /// Marble: `-a1-a2-b1-b2|` → `-a1---b1---|` (with `distinctUntilChanged(by: \.letter)`)
    ///
    /// ```swift
    /// users.distinctUntilChanged(by: \.id).observeNext { showProfile($0) }
    /// ```
    ///
    /// The first element is always sent; only neighbours are compared.
    ///
    /// - Parameter keyPath: The key path to the value that is compared.
    /// - Returns: A signal without consecutive elements of equal value at `keyPath`.
    @inlinable
    public func distinctUntilChanged<Value: Equatable & SendableMetatype>(
        by keyPath: any KeyPath<Element, Value> & Sendable
    ) -> Signal<Element, Error> {
        distinctUntilChanged { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }
}

extension SignalProtocol where Element: Equatable {
    /// Drops each element equal to the element sent just before it.
    ///
    /// Marble: `-1-1-2-1-1|` → `-1---2-1--|`
    ///
    /// ```swift
    /// property.distinctUntilChanged().observeNext { render($0) }   // only real changes
    /// ```
    ///
    /// - Returns: A signal without consecutive duplicates.
    @inlinable
    public func distinctUntilChanged() -> Signal<Element, Error> {
        distinctUntilChanged(==)
    }

    /// Drops each element equal to the element sent just before it.
    ///
    /// Marble: `-1-1-2-1-1|` → `-1---2-1--|`
    ///
    /// Combine's name for ``distinctUntilChanged()``; the two are the same operator.
    ///
    /// - Returns: A signal without consecutive duplicates.
    @inlinable
    public func removeDuplicates() -> Signal<Element, Error> {
        distinctUntilChanged(==)
    }
}
