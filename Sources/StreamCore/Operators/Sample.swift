extension SignalProtocol {
    /// Sends this signal's latest element each time `sampler` sends an element, if it is new.
    ///
    /// Marble: `-a-b---c----` with `---x-x-x-x-x` → `---b---c----`
    ///
    /// ```swift
    /// mousePosition.sample(with: frameTicks).observeNext { draw(at: $0) }
    /// ```
    ///
    /// As in RxSwift, each element is sent at most once: a sampler tick with no element newer than
    /// the last one sent sends nothing. A failure of this signal is passed on at once. When this
    /// signal completes, the result completes at the next tick of `sampler` (after sending the
    /// pending element, if any). When `sampler` completes or fails (its error type may differ), the
    /// pending element is sent; the result then completes when this signal completes, and elements
    /// sent meanwhile are dropped. Events are delivered serially, on the thread that sent them (or
    /// on a thread already delivering). Elements cross threads when the two signals send on
    /// different threads, so they should be `Sendable`.
    ///
    /// - Parameter sampler: The signal whose elements trigger the sending of the latest element.
    /// - Returns: A signal of the sampled elements.
    @inlinable
    public func sample<Sampler: SignalProtocol>(with sampler: Sampler) -> Signal<Element, Error> {
        Signal.trusted({ observer in
            let junction = Junction(SampleState<Element, Error>(), downstream: observer)
            let source = self.subscribe(
                Observer(lifetime: junction) { event in
                    let displaced = junction.update { state, output in state.receive(event, &output) }
                    _ = displaced
                })
            if junction.update({ state, _ in state.source = source }) == nil { source.dispose() }
            if junction.isDisposed { return junction }
            let ticks = sampler.subscribe(
                Observer(lifetime: junction) { event in
                    let complete = junction.update { state, output in
                        state.tick(isTerminal: event.isTerminal, &output)
                    }
                    if complete == true { junction.send(.completed) }
                })
            if junction.update({ state, _ in state.sampler = ticks }) == nil { ticks.dispose() }
            return junction
        })
    }
}

/// The state of `sample(with:)`: the pending element, whether the source completed, and the two
/// upstream disposables. Lives in a ``Junction``; changed only under its lock.
@usableFromInline
struct SampleState<Element, Failure: Swift.Error>: JunctionState {
    @usableFromInline typealias Output = Signal<Element, Failure>.Event

    /// The latest element not sent yet.
    @usableFromInline var pending: Element?
    @usableFromInline var sourceCompleted = false
    /// The sampler completed or failed: nothing pending can be sent any more.
    @usableFromInline var samplerEnded = false
    @usableFromInline var source: (any Disposable)?
    @usableFromInline var sampler: (any Disposable)?

    @inlinable
    init() {}

    /// Records an event of the source; returns the element it displaces, to release after unlocking.
    @inlinable
    mutating func receive(_ event: Output, _ output: inout Output?) -> Element? {
        switch event {
        case .next(let element):
            // Once the sampler ended, nothing pending can be sent: keep nothing.
            if samplerEnded { return element }
            let displaced = pending.take()
            pending = element
            return displaced
        case .failed:
            output = event
        case .completed:
            sourceCompleted = true
            if samplerEnded { output = .completed }
        }
        return nil
    }

    /// Records an event of the sampler: sends the pending element, if any. Returns whether the
    /// result must complete next (the source completed).
    @inlinable
    mutating func tick(isTerminal: Bool, _ output: inout Output?) -> Bool {
        if isTerminal { samplerEnded = true }
        if let element = pending.take() {
            output = .next(element)
            return sourceCompleted
        }
        if sourceCompleted { output = .completed }
        return false
    }

    @inlinable
    mutating func detach() -> Self {
        defer { self = Self() }
        return self
    }

    @inlinable
    func disposeUpstreams() {
        source?.dispose()
        sampler?.dispose()
    }
}
