extension SignalProtocol {
    /// Shares one observation of this signal among all observers, replaying nothing.
    ///
    /// Marble: source `-a-b---c|`; observer 1 from the start → `-a-b---c|`, observer 2 joining
    /// after `b` → `---c|`, observer 3 joining after the end → `|`.
    ///
    /// ```swift
    /// let location = locationUpdates().share()
    /// location.observeNext { updateMap($0) }
    /// location.observeNext { updateLabel($0) }   // one location session for both
    /// ```
    ///
    /// The same as `publish().refCount()`: the source is observed when the first observer
    /// arrives and disposed when the last one leaves; a later observer reconnects. After the
    /// source terminated, new observers receive the terminal event and the source is not run
    /// again. (Unlike ReactiveKit's `share()`, which replays everything: for that, use
    /// ``shareReplay(limit:)`` or `share(limit: .max)`.)
    ///
    /// - Returns: A signal that shares one connection of this signal among its observers.
    @inlinable
    public func share() -> Signal<Element, Error> {
        publish().refCount()
    }

    /// Shares one observation of this signal among all observers and replays the latest
    /// `limit` elements, and the terminal event, to each new observer.
    ///
    /// Marble (limit 1): source `-a-b---c|`; observer 1 from the start → `-a-b---c|`,
    /// observer 2 joining after `b` → `b---c|`, observer 3 joining after the end → `c|`.
    ///
    /// ```swift
    /// let user = fetchUser().share(limit: 1)
    /// user.map { $0.name }.observeNext { print($0) }    // prints "Fetching user..."
    /// user.map { $0.email }.observeNext { print($0) }   // prints nothing, still gets the user
    /// ```
    ///
    /// The same operator as ``shareReplay(limit:)`` (ReactiveKit renamed `shareReplay` to
    /// `share(limit:)`): `replay(limit: limit).refCount()`.
    /// - The producer runs once for all observers that overlap in time.
    /// - After the source terminated, late observers receive the buffered elements and the
    ///   terminal event; the producer is not run again.
    /// - When every observer has left before termination, the source is disposed. The next
    ///   observer reconnects (the producer runs again) and first receives the buffer kept from
    ///   the previous connection, then the new elements.
    ///
    /// - Parameter limit: How many of the latest elements to replay; `Int.max` keeps all. Zero
    ///   or a negative limit replays only the terminal event, like ``share()``.
    /// - Returns: A signal that shares one connection of this signal among its observers.
    @inlinable
    public func share(limit: Int) -> Signal<Element, Error> {
        replay(limit: limit).refCount()
    }

    /// Shares one observation of this signal among all observers and replays the latest
    /// `limit` elements, and the terminal event, to each new observer.
    ///
    /// Marble (limit 1): source `-a-b---c|`, an observer joining after `b` → `b---c|`.
    ///
    /// ```swift
    /// let user = fetchUser().shareReplay(limit: 1)
    /// ```
    ///
    /// ReactiveKit's original name of ``share(limit:)``; the two are the same operator,
    /// `replay(limit: limit).refCount()`, with the same behaviour on termination and reconnection.
    ///
    /// - Parameter limit: How many of the latest elements to replay; `Int.max` (the default)
    ///   keeps all. Zero or a negative limit replays only the terminal event.
    /// - Returns: A signal that shares one connection of this signal among its observers.
    @inlinable
    public func shareReplay(limit: Int = .max) -> Signal<Element, Error> {
        share(limit: limit)
    }
}
