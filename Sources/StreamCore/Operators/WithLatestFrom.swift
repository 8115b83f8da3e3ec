extension SignalProtocol {
    /// Pairs each element with the latest element of another signal.
    ///
    /// Marble: `--a---b--c|` with `-1---2---|` → `--(a,1)-(b,2)-(c,2)|`
    ///
    /// ```swift
    /// saveTaps.with(latestFrom: form).observeNext { _, form in save(form) }
    /// ```
    ///
    /// Elements that arrive before `other` has sent anything are dropped. Completes when this
    /// signal completes (the completion of `other` only freezes its latest element); fails as soon
    /// as either fails. `other` is observed first, so a synchronous `other` provides its element
    /// to a synchronous source. Elements may cross threads, so they should be `Sendable`.
    ///
    /// - Parameter other: The signal whose latest element is attached.
    /// - Returns: A signal of `(element, latestOtherElement)` pairs.
    @inlinable
    public func with<Other: SignalProtocol>(latestFrom other: Other) -> Signal<(Element, Other.Element), Error>
    where Other.Error == Error {
        Signal.trusted({ observer in
            let junction = Junction(WithLatestFromState<Element, Other.Element, Error>(), downstream: observer)
            let upstreamOther = other.subscribe(
                Observer(lifetime: junction) { event in
                    let displaced = junction.update { state, output in state.receiveOther(event, &output) }
                    _ = displaced
                })
            if junction.update({ state, _ in state.upstreamOther = upstreamOther }) == nil { upstreamOther.dispose() }
            if junction.isDisposed { return junction }
            let upstream = self.subscribe(
                Observer(lifetime: junction) { event in
                    junction.update { state, output in state.receive(event, &output) }
                })
            if junction.update({ state, _ in state.upstream = upstream }) == nil { upstream.dispose() }
            return junction
        })
    }

    /// Combines each element with the latest element of another signal.
    ///
    /// Marble: `--a---b|` with `-1---2|` → `--f(a,1)-f(b,2)|`
    ///
    /// - Parameters:
    ///   - other: The signal whose latest element is used.
    ///   - combine: Called serially with each element and the latest of `other`, outside any lock.
    /// - Returns: A signal of the combined values.
    @inlinable
    public func with<Other: SignalProtocol, U>(
        latestFrom other: Other,
        combine: @escaping @Sendable (Element, Other.Element) -> U
    ) -> Signal<U, Error> where Other.Error == Error {
        with(latestFrom: other).map { combine($0.0, $0.1) }
    }
}

/// The state of `with(latestFrom:)`: the latest element of the other signal and both upstreams.
@usableFromInline
struct WithLatestFromState<Element, Other, Failure: Swift.Error>: JunctionState {
    @usableFromInline typealias Output = Signal<(Element, Other), Failure>.Event

    @usableFromInline var latest: Other?
    @usableFromInline var upstream: (any Disposable)?
    @usableFromInline var upstreamOther: (any Disposable)?

    @inlinable
    init() {}

    /// Records an event of the source and sets `output` to the event to send, if any.
    @inlinable
    func receive(_ event: Signal<Element, Failure>.Event, _ output: inout Output?) {
        switch event {
        case .next(let element):
            if let latest { output = .next((element, latest)) }
        case .failed(let error):
            output = .failed(error)
        case .completed:
            output = .completed
        }
    }

    /// Records an event of the other signal; returns the element it displaces, to be released
    /// after unlocking.
    @inlinable
    mutating func receiveOther(_ event: Signal<Other, Failure>.Event, _ output: inout Output?) -> Other? {
        switch event {
        case .next(let element):
            defer { latest = element }
            return latest.take()
        case .failed(let error):
            output = .failed(error)
        case .completed:
            break
        }
        return nil
    }

    @inlinable
    mutating func detach() -> Self {
        defer { self = Self() }
        return self
    }

    @inlinable
    func disposeUpstreams() {
        upstream?.dispose()
        upstreamOther?.dispose()
    }
}
