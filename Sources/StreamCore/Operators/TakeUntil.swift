extension SignalProtocol {
    /// Sends the elements of this signal until another signal sends any event, then completes.
    ///
    /// Marble: `-a-b-c-d|` with `-----x` → `-a-b-|`
    ///
    /// ```swift
    /// ticks.take(until: viewModel.deallocated).observeNext { render($0) }
    /// ```
    ///
    /// `trigger` is observed first: if it sends an event during `observe`, the result completes
    /// without observing this signal. Any event of `trigger` ends the result with `.completed`
    /// (a `.next`, its completion, and also its failure, whose error type may differ); both
    /// observations are then disposed. A failure of this signal is passed on. Events are delivered
    /// serially, on the thread that sent them (or on a thread already delivering).
    ///
    /// - Parameter trigger: The signal whose first event ends the result.
    /// - Returns: A signal of the elements sent before `trigger`'s first event.
    @inlinable
    public func take<Trigger: SignalProtocol>(until trigger: Trigger) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let junction = Junction(UpstreamPair(), downstream: observer)
            let stop = trigger.subscribe(
                Observer(lifetime: junction) { _ in
                    junction.send(.completed)
                })
            if junction.update({ state, _ in state.second = stop }) == nil {
                stop.dispose()
                return junction
            }
            let source = self.subscribe(
                Observer(lifetime: junction) { event in
                    junction.send(event)
                })
            if junction.update({ state, _ in state.first = source }) == nil { source.dispose() }
            return junction
        })
    }
}

/// The state of a two-upstream operator that only needs to dispose its upstreams at the end.
@usableFromInline
struct UpstreamPair: JunctionState {
    @usableFromInline var first: (any Disposable)?
    @usableFromInline var second: (any Disposable)?

    @inlinable
    init() {}

    @inlinable
    mutating func detach() -> Self {
        defer { self = Self() }
        return self
    }

    @inlinable
    func disposeUpstreams() {
        first?.dispose()
        second?.dispose()
    }
}
