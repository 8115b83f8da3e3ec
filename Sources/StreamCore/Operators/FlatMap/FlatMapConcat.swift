extension SignalProtocol {
    /// Maps each element to a signal and sends their elements one signal after the other.
    ///
    /// Marble: `-a-b-----|` with `a → -1--2|`, `b → -3|` → `--1--2-3-|` (`b` starts when `a` completes)
    ///
    /// ```swift
    /// uploads.flatMapConcat { file in api.upload(file) }   // one upload at a time, in order
    /// ```
    ///
    /// Observes one inner signal at a time; the inner signals of later elements wait, in order,
    /// until the current one completes (`transform` is called when the element arrives). Completes
    /// when this signal and every inner signal have completed; fails as soon as any of them fails.
    /// A long queue of inner signals that complete synchronously runs in constant stack.
    ///
    /// - Parameter transform: Called once per element, when the element arrives, serially, outside
    ///   any lock.
    /// - Returns: A signal of the elements of every inner signal, in order.
    @inlinable
    public func flatMapConcat<Inner: SignalProtocol>(
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Error> where Inner.Error == Error {
        flatMerge(limit: 1, transform, outerError: { $0 }, innerError: { $0 })
    }

    /// Maps each element to a signal that cannot fail and sends their elements one after the other.
    ///
    /// Marble: `-a-b-----|` with `a → -1--2|`, `b → -3|` → `--1--2-3-|`
    ///
    /// - Parameter transform: Called once per element, when the element arrives, serially, outside
    ///   any lock.
    /// - Returns: A signal of the elements of every inner signal, in order; it fails only if this
    ///   one does.
    // Disfavoured: with an inner signal whose error type is left to inference
    // (`flatMapLatest { Signal(just: $0) }`), the inner signal takes the outer error type.
    @_disfavoredOverload
    @inlinable
    public func flatMapConcat<Inner: SignalProtocol>(
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Error> where Inner.Error == Never {
        flatMerge(limit: 1, transform, outerError: { $0 }, innerError: absurd)
    }
}

extension SignalProtocol where Error == Never {
    /// Maps each element of a signal that cannot fail to a signal that can, and sends their
    /// elements one signal after the other.
    ///
    /// Marble: `-a-b-----|` with `a → -1--2|`, `b → -3#` → `--1--2-3#`
    ///
    /// - Parameter transform: Called once per element, when the element arrives, serially, outside
    ///   any lock.
    /// - Returns: A signal of the elements of every inner signal, in order; it fails if one fails.
    @inlinable
    public func flatMapConcat<Inner: SignalProtocol>(
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Inner.Error> {
        flatMerge(limit: 1, transform, outerError: absurd, innerError: { $0 })
    }
}
