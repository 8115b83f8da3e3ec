extension SignalProtocol {
    /// Maps each element to a signal and sends the elements of all of them as they arrive.
    ///
    /// Marble: `-a--b------|` with `a → -1---2|`, `b → -3|` → `--1--3-2---|`
    ///
    /// ```swift
    /// userIDs.flatMapMerge { id in api.profile(id) }   // every profile, in arrival order
    /// ```
    ///
    /// Completes when this signal and every inner signal have completed; fails as soon as any of
    /// them fails, disposing the others. Elements are delivered serially, on the thread of the
    /// inner signal that sent them (or on a thread already delivering, which delivers them next).
    ///
    /// - Parameter transform: Called once per element, serially, outside any lock.
    /// - Returns: A signal of the elements of every inner signal.
    @inlinable
    public func flatMapMerge<Inner: SignalProtocol>(
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Error> where Inner.Error == Error {
        flatMerge(limit: .max, transform, outerError: { $0 }, innerError: { $0 })
    }

    /// Maps each element to a signal and observes at most `maxConcurrent` of them at once; the
    /// others wait, in order, until one completes.
    ///
    /// Marble: `-a-b-c|` with `maxConcurrent: 2`, `a → --1|`, `b → ---2|`, `c → -3|` →
    /// `---1-2-3|` (`c` starts when `a` completes)
    ///
    /// With `maxConcurrent: 1` this is `flatMapConcat(_:)`. Completes when this signal and every
    /// inner signal have completed; fails as soon as any of them fails.
    ///
    /// - Parameters:
    ///   - maxConcurrent: How many inner signals to observe at once; values below 1 count as 1.
    ///   - transform: Called once per element, when the element arrives, serially, outside any lock.
    /// - Returns: A signal of the elements of every inner signal.
    @inlinable
    public func flatMapMerge<Inner: SignalProtocol>(
        maxConcurrent: Int,
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Error> where Inner.Error == Error {
        flatMerge(limit: maxConcurrent, transform, outerError: { $0 }, innerError: { $0 })
    }

    /// Maps each element to a signal that cannot fail and sends the elements of all of them.
    ///
    /// Marble: `-a--b------|` with `a → -1---2|`, `b → -3|` → `--1--3-2---|`
    ///
    /// The same as `flatMapMerge(_:)` for inner signals that cannot fail.
    ///
    /// - Parameter transform: Called once per element, serially, outside any lock.
    /// - Returns: A signal of the elements of every inner signal; it fails only if this one does.
    // Disfavoured: with an inner signal whose error type is left to inference
    // (`flatMapLatest { Signal(just: $0) }`), the inner signal takes the outer error type.
    @_disfavoredOverload
    @inlinable
    public func flatMapMerge<Inner: SignalProtocol>(
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Error> where Inner.Error == Never {
        flatMerge(limit: .max, transform, outerError: { $0 }, innerError: absurd)
    }

    /// Maps each element to a signal that cannot fail, observing at most `maxConcurrent` at once.
    ///
    /// Marble: `-a-b-c|` with `maxConcurrent: 2`, `a → --1|`, `b → ---2|`, `c → -3|` → `---1-2-3|`
    ///
    /// - Parameters:
    ///   - maxConcurrent: How many inner signals to observe at once; values below 1 count as 1.
    ///   - transform: Called once per element, when the element arrives, serially, outside any lock.
    /// - Returns: A signal of the elements of every inner signal; it fails only if this one does.
    // Disfavoured: with an inner signal whose error type is left to inference
    // (`flatMapLatest { Signal(just: $0) }`), the inner signal takes the outer error type.
    @_disfavoredOverload
    @inlinable
    public func flatMapMerge<Inner: SignalProtocol>(
        maxConcurrent: Int,
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Error> where Inner.Error == Never {
        flatMerge(limit: maxConcurrent, transform, outerError: { $0 }, innerError: absurd)
    }
}

extension SignalProtocol where Error == Never {
    /// Maps each element of a signal that cannot fail to a signal that can, and sends the elements
    /// of all of them.
    ///
    /// Marble: `-a--b------|` with `a → -1---2|`, `b → -3#` → `--1--3#`
    ///
    /// - Parameter transform: Called once per element, serially, outside any lock.
    /// - Returns: A signal of the elements of every inner signal; it fails if one of them fails.
    @inlinable
    public func flatMapMerge<Inner: SignalProtocol>(
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Inner.Error> {
        flatMerge(limit: .max, transform, outerError: absurd, innerError: { $0 })
    }

    /// Maps each element of a signal that cannot fail to a signal that can, observing at most
    /// `maxConcurrent` at once.
    ///
    /// Marble: `-a-b-c|` with `maxConcurrent: 2`, `a → --1|`, `b → ---2|`, `c → -3|` → `---1-2-3|`
    ///
    /// - Parameters:
    ///   - maxConcurrent: How many inner signals to observe at once; values below 1 count as 1.
    ///   - transform: Called once per element, when the element arrives, serially, outside any lock.
    /// - Returns: A signal of the elements of every inner signal; it fails if one of them fails.
    @inlinable
    public func flatMapMerge<Inner: SignalProtocol>(
        maxConcurrent: Int,
        _ transform: @escaping @Sendable (Element) -> Inner
    ) -> Signal<Inner.Element, Inner.Error> {
        flatMerge(limit: maxConcurrent, transform, outerError: absurd, innerError: { $0 })
    }
}
