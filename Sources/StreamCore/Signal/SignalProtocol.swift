/// A sequence of events over time that can be observed.
///
/// Every signal in this module promises, for each observation: events arrive serially (never two
/// at once), nothing arrives after a terminal event or after the observation is disposed, and a
/// terminal event releases the observation's resources.
public protocol SignalProtocol<Element, Error>: Sendable {
    /// The type of elements the signal sends.
    associatedtype Element
    /// The type of error that can end the signal; `Never` for a signal that cannot fail.
    associatedtype Error: Swift.Error

    /// Registers an observer and returns the disposable that cancels the observation.
    ///
    /// - Parameter observer: Called with each event, serially.
    /// - Returns: A disposable that ends the observation.
    func observe(with observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable
}

extension SignalProtocol {
    /// Registers an observer value (for example a subject) and returns the disposable.
    public func observe<O: ObserverProtocol>(with observer: O) -> any Disposable
    where O.Element == Element, O.Error == Error {
        observe(with: { observer.on($0) })
    }

    /// Erases the signal's type to ``Signal``.
    @inlinable
    public func toSignal() -> Signal<Element, Error> {
        if let signal = self as? Signal<Element, Error> { return signal }
        return Signal.trusted({ observer in self.observe(with: observer.handler) })
    }

    /// Registers an observer value and returns the disposable; the observer's lifetime is passed on.
    @inlinable
    package func subscribe(_ observer: Observer<Element, Error>) -> any Disposable {
        if let signal = self as? Signal<Element, Error> {
            return signal.subscription(observer)
        }
        return observe(with: observer.handler)
    }
}
