// Combine's names (ReactiveKit >= 3 deprecated most of StreamCore's ReactiveKit names in their
// favour, so its current users type these first). Each forwards to the operator named in its
// summary, with the same guarantees.

extension SignalProtocol {
    /// Skips the first `count` elements (Combine's name for ``skip(first:)``).
    ///
    /// Marble: `-a-b-c|` with `dropFirst(2)` → `-----c|`
    ///
    /// ```swift
    /// typing.dropFirst().observeNext { search($0) }   // not the initial empty text
    /// ```
    ///
    /// - Parameter count: How many elements to skip; 1 by default.
    /// - Returns: A signal without the first `count` elements.
    public func dropFirst(_ count: Int = 1) -> Signal<Element, Error> {
        skip(first: count)
    }

    /// Skips the last `count` elements (Combine's name for ``skip(last:)``).
    ///
    /// Marble: `-a-b-c|` with `dropLast(1)` → `---a-b|` (each element waits for the next one)
    ///
    /// - Parameter count: How many elements to drop at the end; 1 by default.
    /// - Returns: A signal without the last `count` elements.
    public func dropLast(_ count: Int = 1) -> Signal<Element, Error> {
        skip(last: count)
    }

    /// Sends the first `maxLength` elements, then completes (Combine's name for ``take(first:)``).
    ///
    /// Marble: `-a-b-c|` with `prefix(2)` → `-a-b|`
    ///
    /// - Parameter maxLength: How many elements to send.
    /// - Returns: A signal of at most `maxLength` elements.
    public func prefix(_ maxLength: Int) -> Signal<Element, Error> {
        take(first: maxLength)
    }

    /// Sends the first `maxLength` elements, then completes (ReactiveKit's spelling of
    /// ``prefix(_:)``).
    ///
    /// - Parameter maxLength: How many elements to send.
    /// - Returns: A signal of at most `maxLength` elements.
    public func prefix(maxLength: Int) -> Signal<Element, Error> {
        take(first: maxLength)
    }

    /// Sends the last `maxLength` elements when the signal completes (ReactiveKit's name for
    /// ``take(last:)``).
    ///
    /// Marble: `-a-b-c|` with `suffix(maxLength: 2)` → `------(bc|)`
    ///
    /// - Parameter maxLength: How many elements to keep.
    /// - Returns: A signal of at most `maxLength` elements, sent on completion.
    public func suffix(maxLength: Int) -> Signal<Element, Error> {
        take(last: maxLength)
    }

    /// Sends only the element at `index`, then completes (Combine's name for ``element(at:)``).
    ///
    /// Marble: `-a-b-c|` with `output(at: 1)` → `---b|`
    ///
    /// - Parameter index: The zero-based position of the element.
    /// - Returns: A signal of at most one element.
    public func output(at index: Int) -> Signal<Element, Error> {
        element(at: index)
    }

    /// Sends only the terminal event (Combine's name for ``ignoreElements()``).
    ///
    /// Marble: `-a-b-c|` → `------|`
    ///
    /// - Returns: A signal without elements.
    public func ignoreOutput() -> Signal<Element, Error> {
        ignoreElements()
    }

    /// Sends elements until `other` sends one, then completes (Combine's name for
    /// ``take(until:)``).
    ///
    /// Marble: `-a-b-c-d|` with other `-----x` → `-a-b-|`
    ///
    /// - Parameter other: The signal whose first element ends this one.
    /// - Returns: A signal that completes when `other` sends.
    public func prefix<Other: SignalProtocol>(untilOutputFrom other: Other) -> Signal<Element, Error> {
        take(until: other)
    }

    /// Sends the first signal to send an event, this one or `other` (ReactiveKit's name for
    /// ``amb(_:)``).
    ///
    /// - Parameter other: The competing signal.
    /// - Returns: The events of whichever signal sends first.
    public func amb<Other: SignalProtocol>(with other: Other) -> Signal<Element, Error>
    where Other.Element == Element, Other.Error == Error {
        amb(other)
    }
}

extension SignalProtocol {
    /// Replaces each `nil` with `value` (ReactiveKit's name for ``replaceNil(with:)``).
    ///
    /// Marble: `-a-nil-c|` with `replaceNils(with: x)` → `-a-x-c|`
    ///
    /// - Parameter value: The element sent instead of `nil`.
    /// - Returns: A signal of non-optional elements.
    public func replaceNils<Wrapped: Sendable>(with value: Wrapped) -> Signal<Wrapped, Error>
    where Element == Wrapped? {
        replaceNil(with: value)
    }
}

extension Signal {
    /// A signal that calls `body` when observed, sends its result and completes (ReactiveKit's
    /// `Signal(evaluating:)`).
    ///
    /// ```swift
    /// let now = Signal<Date, Never>(evaluating: { Date() })
    /// ```
    ///
    /// - Parameter body: Evaluated once per observation.
    public init(evaluating body: @escaping @Sendable () -> Element) {
        self.init(catching: { () throws(Error) -> Element in body() })
    }
}

extension Disposable {
    /// Adds the disposable to `composite`, which disposes it with the group (ReactiveKit's
    /// `dispose(in:)` for a `CompositeDisposable`).
    ///
    /// ```swift
    /// let group = CompositeDisposable()
    /// name.observeNext { print($0) }.dispose(in: group)
    /// ```
    ///
    /// - Parameter composite: The group; if already disposed, this disposable is disposed at once.
    public func dispose(in composite: CompositeDisposable) {
        composite.add(self)
    }
}
