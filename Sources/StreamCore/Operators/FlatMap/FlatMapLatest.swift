extension SignalProtocol {
    /// Maps each element to a signal and sends the elements of the latest one only.
    ///
    /// Marble: `-a----b----|` with `a → -1-2-3|`, `b → -4|` → `--1-2--4---|`
    ///
    /// ```swift
    /// searchText.flatMapLatest { text in api.search(text) }   // results of the latest query only
    /// ```
    ///
    /// Each element disposes the observation of the previous inner signal before observing the
    /// new one; events the previous inner sends after that (from any thread) are dropped.
    /// Completes when this signal has completed and the current inner signal has completed; fails
    /// as soon as this signal or the current inner signal fails. Elements are delivered serially,
    /// on the thread of the inner signal that sent them (or on a thread already delivering).
    ///
    /// - Parameter transform: Called once per element, serially, outside any lock.
    /// - Returns: A signal of the elements of the latest inner signal.
    @inlinable
    public func flatMapLatest<Inner: SignalProtocol>(
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Error> where Inner.Error == Error {
        switchToLatest(transform, outerError: { $0 }, innerError: { $0 })
    }

    /// Maps each element to a signal that cannot fail and sends the elements of the latest one.
    ///
    /// Marble: `-a----b----|` with `a → -1-2-3|`, `b → -4|` → `--1-2--4---|`
    ///
    /// The same as `flatMapLatest(_:)` for inner signals that cannot fail.
    ///
    /// - Parameter transform: Called once per element, serially, outside any lock.
    /// - Returns: A signal of the elements of the latest inner signal; it fails only if this one does.
    // Disfavoured: with an inner signal whose error type is left to inference
    // (`flatMapLatest { Signal(just: $0) }`), the inner signal takes the outer error type.
    @_disfavoredOverload
    @inlinable
    public func flatMapLatest<Inner: SignalProtocol>(
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Error> where Inner.Error == Never {
        switchToLatest(transform, outerError: { $0 }, innerError: absurd)
    }
}

extension SignalProtocol where Error == Never {
    /// Maps each element of a signal that cannot fail to a signal that can, and sends the elements
    /// of the latest one.
    ///
    /// Marble: `-a----b----|` with `a → -1-2-3|`, `b → -4#` → `--1-2--4#`
    ///
    /// The same as `flatMapLatest(_:)` with the inner signals' error type.
    ///
    /// - Parameter transform: Called once per element, serially, outside any lock.
    /// - Returns: A signal of the elements of the latest inner signal; it fails if that one fails.
    @inlinable
    public func flatMapLatest<Inner: SignalProtocol>(
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Inner.Error> {
        switchToLatest(transform, outerError: absurd, innerError: { $0 })
    }
}
