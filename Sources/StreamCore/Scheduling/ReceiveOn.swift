extension SignalProtocol where Element: Sendable {
    /// Delivers the signal's events in an execution context.
    ///
    /// Marble: `-a-b-c|` → `--a-b-c|` (the same events, later, on the context)
    ///
    /// ```swift
    /// fetchUser()
    ///     .receive(on: .main)
    ///     .observeNext { user in nameLabel.text = user.name }   // on the main queue
    /// ```
    ///
    /// Events arrive in the context one at a time, in upstream order, even in a concurrent
    /// context such as ``ExecutionContext/global(qos:)``: a burst of events is delivered by one
    /// piece of work in the context. Nothing is delivered after the terminal event; once the
    /// observation is disposed, queued events are dropped, and when disposal happens in the
    /// context itself (for example on the serial queue the events arrive on) nothing more
    /// arrives at all. ``ExecutionContext/immediate`` adds no hop: the signal is returned as is.
    ///
    /// - Parameter context: Where the observer is called.
    /// - Returns: A signal with the same events, delivered in `context`.
    public func receive(on context: ExecutionContext) -> Signal<Element, Error> {
        if context.isImmediate { return toSignal() }
        return Signal.trusted({ observer in
            let hop = ContextHop(downstream: observer, context: context)
            hop.setUpstream(self.subscribe(hop.observer))
            return hop
        })
    }

    /// Delivers the signal's events on a scheduler, with ``Scheduler/schedule(_:)``.
    ///
    /// Marble: `-a-b-c|` → `--a-b-c|` (the same events, later, on the scheduler)
    ///
    /// ```swift
    /// let queue = DispatchQueue(label: "parser")
    /// lines.receive(on: queue).observeNext { parse($0) }   // on `queue`
    /// ```
    ///
    /// The same guarantees as ``receive(on:)-(ExecutionContext)`` hold; an
    /// ``ImmediateScheduler`` adds no hop, and a virtual-time scheduler delivers when the test
    /// advances it.
    ///
    /// - Parameter scheduler: Where the observer is called.
    /// - Returns: A signal with the same events, delivered on `scheduler`.
    public func receive(on scheduler: some Scheduler) -> Signal<Element, Error> {
        receive(on: scheduler.context)
    }
}
