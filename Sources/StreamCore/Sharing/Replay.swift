extension SignalProtocol {
    /// Makes a connectable signal that multicasts this signal and replays its latest elements.
    ///
    /// Marble (limit 1): source `-a-b---c|`, an observer joining after `b` → `b---c|`;
    /// one joining after the end → `c|`.
    ///
    /// ```swift
    /// let user = fetchUser().replay(limit: 1)
    /// user.observeNext { print($0.name) }
    /// let connection = user.connect()   // fetches once
    /// user.observeNext { print($0.email) }   // gets the fetched user at once
    /// ```
    ///
    /// The subject is a ``ReplaySubject`` that lives as long as the connectable signal: it
    /// replays the last `limit` elements, and the terminal event, to every new observer — also
    /// after a disconnect and reconnect (see ``ConnectableSignal``).
    ///
    /// - Parameter limit: How many of the latest elements to replay; `Int.max` (the default)
    ///   keeps all. Zero or a negative limit replays no element, only the terminal event
    ///   (the same as ``publish()``).
    /// - Returns: A connectable signal; nothing is observed until ``ConnectableSignal/connect()``
    ///   (or ``ConnectableSignalProtocol/refCount()``).
    @inlinable
    public func replay(limit: Int = .max) -> ConnectableSignal<Self> {
        if limit <= 0 {
            return ConnectableSignal(source: self, subject: PassthroughSubject())
        }
        return ConnectableSignal(source: self, subject: ReplaySubject(bufferSize: limit))
    }
}
