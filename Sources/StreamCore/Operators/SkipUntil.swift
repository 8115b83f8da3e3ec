extension SignalProtocol {
    /// Drops the elements of this signal until another signal sends an element, then sends the rest.
    ///
    /// Marble: `-a-b-c-d|` with `----x` → `-----c-d|`
    ///
    /// ```swift
    /// searchText.skip(until: viewDidAppear).observeNext { search($0) }
    /// ```
    ///
    /// `trigger` is observed first, so an element it sends during `observe` opens the gate before
    /// this signal's first element. Its first `.next` opens the gate for good and its observation is
    /// disposed. If `trigger` completes or fails without an element (its error type may differ),
    /// the gate stays closed: every element is dropped. This signal's completion and failure pass
    /// through at any time. Events are delivered serially, on the thread that sent them (or on a
    /// thread already delivering).
    ///
    /// - Parameter trigger: The signal whose first element lets this signal's elements through.
    /// - Returns: A signal of the elements sent after `trigger`'s first element.
    @inlinable
    public func skip<Trigger: SignalProtocol>(until trigger: Trigger) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let junction = Junction(GateState(), downstream: observer)
            let gate = trigger.subscribe(
                Observer(lifetime: junction) { event in
                    let finished = junction.update { state, _ in state.triggerEnded(opens: !event.isTerminal) }
                    finished??.dispose()
                })
            let stored = junction.update { state, _ in state.storeTrigger(gate) }
            if stored != .some(true) { gate.dispose() }
            if junction.isDisposed { return junction }
            let source = self.subscribe(
                Observer(lifetime: junction) { event in
                    junction.update { state, output in
                        if case .next = event, !state.isOpen { return }
                        output = event
                    }
                })
            if junction.update({ state, _ in state.source = source }) == nil { source.dispose() }
            return junction
        })
    }
}

/// The state of `skip(until:)`: whether the gate is open, and the two upstream disposables.
@usableFromInline
struct GateState: JunctionState {
    @usableFromInline var isOpen = false
    /// The trigger sent an event (element or terminal): its observation is no longer needed.
    @usableFromInline var triggerDone = false
    @usableFromInline var trigger: (any Disposable)?
    @usableFromInline var source: (any Disposable)?

    @inlinable
    init() {}

    /// Records the trigger's first event; returns its disposable, if stored, for disposal after
    /// unlocking.
    @inlinable
    mutating func triggerEnded(opens: Bool) -> (any Disposable)? {
        if triggerDone { return nil }
        triggerDone = true
        if opens { isOpen = true }
        defer { trigger = nil }
        return trigger
    }

    /// Stores the trigger's disposable; `false` if the trigger already sent its event (then the
    /// caller disposes it).
    @inlinable
    mutating func storeTrigger(_ disposable: any Disposable) -> Bool {
        if triggerDone { return false }
        trigger = disposable
        return true
    }

    @inlinable
    mutating func detach() -> Self {
        defer { self = Self() }
        return self
    }

    @inlinable
    func disposeUpstreams() {
        trigger?.dispose()
        source?.dispose()
    }
}
