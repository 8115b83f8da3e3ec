extension SignalProtocol where Element: Sendable {
    /// Groups the elements into windows of `size` elements, each window a signal of its own
    /// (ReactiveKit's `window(ofSize:)`).
    ///
    /// Marble: `-a-b-c|` with `window(ofSize: 2)` → `---W1---(W2|)` where W1 = `(ab|)`,
    /// W2 = `(c|)`
    ///
    /// ```swift
    /// logLines.window(ofSize: 100).flatMapConcat(upload)
    /// ```
    ///
    /// A window is sent when it is full, as a signal that replays its elements to each observer
    /// and completes; the last, partial window is sent on completion (as ``buffer(size:)``
    /// sends its partial last buffer). `merge()` flattens the windows again.
    ///
    /// - Parameter size: The number of elements per window; values below 1 count as 1.
    /// - Returns: A signal of windows.
    public func window(ofSize size: Int) -> Signal<Signal<Element, Never>, Error> {
        buffer(size: size).map { elements in Signal<Element, Never>.sequence(elements) }
    }
}

extension SignalProtocol where Element: SignalProtocol, Element.Error == Error {
    /// Observes every inner signal as it arrives and sends all their elements as one signal
    /// (ReactiveKit's `merge()` of a signal of signals; the same as `flatMapMerge { $0 }`).
    ///
    /// Marble: outer `-A--B|` with A = `a-a|`, B = `b-b|` → `-a-ab-b|`
    ///
    /// ```swift
    /// let allMessages = rooms.map(\.messages).merge()
    /// ```
    ///
    /// - Returns: The inner signals' elements, merged; completes when the outer signal and every
    ///   inner signal completed, fails with the first failure.
    public func merge() -> Signal<Element.Element, Error> {
        flatMerge(limit: .max, { $0 }, outerError: { $0 }, innerError: { $0 })
    }
}

extension SignalProtocol where Element: SignalProtocol, Element.Error == Never {
    /// Observes every inner (non-failing) signal as it arrives and sends all their elements as
    /// one signal (ReactiveKit's `merge()` of a signal of signals, such as the windows of
    /// ``window(ofSize:)``).
    ///
    /// Marble: outer `-A--B|` with A = `a-a|`, B = `b-b|` → `-a-ab-b|`
    ///
    /// ```swift
    /// let all = numbers.window(ofSize: 2).merge()
    /// ```
    ///
    /// - Returns: The inner signals' elements, merged; completes when the outer signal and every
    ///   inner signal completed, fails with the outer signal's failure.
    @_disfavoredOverload
    public func merge() -> Signal<Element.Element, Error> {
        flatMerge(limit: .max, { $0 }, outerError: { $0 }, innerError: absurd)
    }
}
