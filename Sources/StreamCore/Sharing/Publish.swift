extension SignalProtocol {
    /// Makes a connectable signal that multicasts this signal without replaying anything.
    ///
    /// Marble: source `-a-b---c|`, an observer joining after `b` → `---c|`; one joining after the
    /// end → `|` (the terminal event only).
    ///
    /// ```swift
    /// let clicks = taps.publish()
    /// clicks.observeNext { print("first", $0) }
    /// clicks.observeNext { print("second", $0) }
    /// let connection = clicks.connect()   // `taps` is observed once
    /// ```
    ///
    /// The subject is a ``PassthroughSubject``: observers receive the events sent after they
    /// registered, and observers that arrive after the source terminated receive its terminal
    /// event at once.
    ///
    /// - Returns: A connectable signal; nothing is observed until ``ConnectableSignal/connect()``
    ///   (or ``ConnectableSignalProtocol/refCount()``).
    @inlinable
    public func publish() -> ConnectableSignal<Self> {
        ConnectableSignal(source: self, subject: PassthroughSubject())
    }
}
