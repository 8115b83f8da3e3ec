extension SignalProtocol {
    /// Sends the elements of this signal and another as they arrive.
    ///
    /// Marble: `-a---b---|` with `--1---2|` → `-a1--b2--|`
    ///
    /// ```swift
    /// taps.merge(with: swipes).observeNext { print($0) }
    /// ```
    ///
    /// Completes when both complete; fails as soon as either fails, disposing the other. Elements
    /// are delivered serially, on the thread of the signal that sent them (or on a thread already
    /// delivering, which delivers them next); each signal's own order is kept.
    ///
    /// - Parameter other: The signal to merge with.
    /// - Returns: A signal of the elements of both signals.
    @inlinable
    public func merge<Other: SignalProtocol>(with other: Other) -> Signal<Element, Error>
    where Other.Element == Element, Other.Error == Error {
        Signal.merge([toSignal(), other.toSignal()])
    }
}

/// Sends the elements of two signals as they arrive.
///
/// Marble: `-a---b---|` with `--1---2|` → `-a1--b2--|`
///
/// Completes when both complete; fails as soon as either fails, disposing the other. See
/// ``SignalProtocol/merge(with:)`` for threading.
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
/// - Returns: A signal of the elements of both signals.
@inlinable
public func merge<A: SignalProtocol, B: SignalProtocol>(_ a: A, _ b: B) -> Signal<A.Element, A.Error>
where A.Element == B.Element, A.Error == B.Error {
    Signal.merge([a.toSignal(), b.toSignal()])
}

extension Signal {
    /// Sends the elements of any number of signals as they arrive.
    ///
    /// Marble: `[-a---b|, --1---2|]` → `-a1--b2|`
    ///
    /// The signals are observed in list order. Completes when all complete (an empty list completes
    /// at once); fails as soon as one fails, disposing the others and observing no more.
    ///
    /// - Parameter signals: The signals to merge.
    /// - Returns: A signal of the elements of every signal.
    @inlinable
    public static func merge(_ signals: [Signal<Element, Error>]) -> Signal<Element, Error> {
        Signal<Signal<Element, Error>, Error>.sequence(signals)
            .flatMerge(limit: .max, { $0 }, outerError: { $0 }, innerError: { $0 })
    }

    /// Sends the elements of the given signals as they arrive.
    ///
    /// Marble: `-a---b|, --1---2|` → `-a1--b2|`
    ///
    /// - Parameter signals: The signals to merge.
    /// - Returns: A signal of the elements of every signal, like the array form.
    @inlinable
    public static func merge(_ signals: Signal<Element, Error>...) -> Signal<Element, Error> {
        merge(signals)
    }
}
