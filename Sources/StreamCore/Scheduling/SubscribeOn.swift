extension SignalProtocol {
    /// Starts the observation (runs the producer) in an execution context.
    ///
    /// Marble: `-a-b|` → `-a-b|` (the same events, produced from the context)
    ///
    /// ```swift
    /// Signal<Data, any Error> { observer in
    ///     observer.receive(lastElement: try! Data(contentsOf: url))   // runs on a global queue
    ///     return NonDisposable.instance
    /// }
    /// .subscribe(on: .global(qos: .userInitiated))
    /// .receive(on: .main)
    /// .observeNext { show($0) }
    /// ```
    ///
    /// The producer runs as one piece of work in `context`; events arrive on whatever thread the
    /// producer sends them from (add ``receive(on:)-(ExecutionContext)`` to choose). Disposing
    /// the observation before that work started means the producer never runs; disposing it
    /// later disposes the producer's disposable, on the disposing thread.
    /// ``ExecutionContext/immediate`` adds no hop: the signal is returned as is.
    ///
    /// - Parameter context: Where the producer is started.
    /// - Returns: A signal with the same events, whose producer runs in `context`.
    public func subscribe(on context: ExecutionContext) -> Signal<Element, Error> {
        if context.isImmediate { return toSignal() }
        return Signal.trusted({ observer in
            let upstream = SerialDisposable()
            let lifetime = LinkedLifetime(upstream, observer.lifetime)
            context.execute {
                guard !lifetime.isDisposed else { return }
                upstream.otherDisposable = self.subscribe(
                    Observer(lifetime: lifetime) { event in
                        // Disposal may happen on another thread while the producer is still starting;
                        // from then on nothing reaches the downstream (a lock-free atomic check).
                        if upstream.isDisposed { return }
                        observer.on(event)
                    })
            }
            return upstream
        })
    }

    /// Starts the observation (runs the producer) on a scheduler.
    ///
    /// Marble: `-a-b|` → `-a-b|` (the same events, produced from the scheduler)
    ///
    /// ```swift
    /// expensiveSignal.subscribe(on: DispatchQueue.global()).observeNext { print($0) }
    /// ```
    ///
    /// The same rules as ``subscribe(on:)-(ExecutionContext)`` apply: disposing before the
    /// scheduler ran the work means the producer never starts; an ``ImmediateScheduler`` adds
    /// no hop.
    ///
    /// - Parameter scheduler: Where the producer is started.
    /// - Returns: A signal with the same events, whose producer runs on `scheduler`.
    public func subscribe(on scheduler: some Scheduler) -> Signal<Element, Error> {
        subscribe(on: scheduler.context)
    }
}
