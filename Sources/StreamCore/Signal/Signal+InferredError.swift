extension Signal where Error == Never {
    /// A signal that sends one element, then completes, and cannot fail when nothing else fixes
    /// its error type.
    ///
    /// `Signal(just: 1)` on its own is a ``SafeSignal``, as ReactiveKit users expect; where the
    /// context asks for another error type (`Signal<Int, MyError>(just: 1)`, an operator's
    /// argument), the general `init(just:)` applies.
    ///
    /// ```swift
    /// let one = Signal(just: 1)   // SafeSignal<Int>
    /// ```
    ///
    /// - Parameter element: The element to send.
    @inlinable
    public init(just element: Element) where Element: Sendable {
        self = .just(element)
    }

    /// A signal that sends the elements of a sequence, then completes, and cannot fail when
    /// nothing else fixes its error type.
    ///
    /// ```swift
    /// let numbers = Signal(sequence: [1, 2, 3])   // SafeSignal<Int>
    /// ```
    ///
    /// - Parameter sequence: The elements to send, synchronously during `observe`.
    @inlinable
    public init<S: Sequence & Sendable>(sequence: S) where S.Element == Element {
        self = .sequence(sequence)
    }
}
