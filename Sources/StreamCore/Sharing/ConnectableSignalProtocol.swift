/// A signal that produces events only while it is connected: observing it registers with a
/// subject, and ``connect()`` starts feeding that subject from the source.
///
/// ```swift
/// let ticks = source.publish()              // a ConnectableSignal
/// ticks.observeNext { print("a", $0) }
/// ticks.observeNext { print("b", $0) }
/// let connection = ticks.connect()          // the source is observed once, for both
/// connection.dispose()                      // and disconnected
/// ```
///
/// Use ``refCount()`` to connect automatically on the first observer and disconnect when the
/// last one leaves; `share()`, `share(limit:)` and `shareReplay(limit:)` do that for you.
public protocol ConnectableSignalProtocol<Element, Error>: SignalProtocol {
    /// Starts observing the source, unless already connected, and returns the connection.
    ///
    /// - Returns: A disposable that disconnects the source. While a connection is live, calling
    ///   `connect()` again returns that same connection rather than observing the source twice.
    func connect() -> any Disposable
}
