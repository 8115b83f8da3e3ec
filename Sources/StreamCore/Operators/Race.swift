extension SignalProtocol {
    /// Mirrors whichever of this signal and `other` sends an event first, disposing the other
    /// (Rx's `amb`).
    ///
    /// Marble: `---a-b|` with `-1-2|` → `-1-2|`
    ///
    /// ```swift
    /// primary.race(mirror).observeNext { response in … }
    /// ```
    ///
    /// The first event of any kind (element, failure or completion) decides the winner.
    ///
    /// - Parameter other: The competing signal.
    /// - Returns: A signal with the events of the winner.
    @inlinable
    public func race<Other: SignalProtocol>(_ other: Other) -> Signal<Element, Error>
    where Other.Element == Element, Other.Error == Error {
        Signal.race([self.toSignal(), other.toSignal()])
    }

    /// Mirrors whichever of this signal and `other` sends an event first (Rx spelling of
    /// `race(_:)`).
    ///
    /// Marble: `---a-b|` with `-1-2|` → `-1-2|`
    ///
    /// - Parameter other: The competing signal.
    /// - Returns: A signal with the events of the winner.
    @inlinable
    public func amb<Other: SignalProtocol>(_ other: Other) -> Signal<Element, Error>
    where Other.Element == Element, Other.Error == Error {
        race(other)
    }
}

extension Signal {
    /// Mirrors whichever signal sends an event first, disposing the others.
    ///
    /// Marble: `[---a|, -1-2|, --x|]` → `-1-2|`
    ///
    /// Sources are observed in order; once one has sent an event (of any kind), the others are
    /// disposed and the rest are not observed. An empty list completes at once.
    ///
    /// - Parameter signals: The competing signals.
    /// - Returns: A signal with the events of the winner.
    @inlinable
    public static func race(_ signals: [Signal<Element, Error>]) -> Signal<Element, Error> {
        guard !signals.isEmpty else { return .completed() }
        return Signal.trusted({ observer in
            let junction = Junction(RaceState<Element, Error>(count: signals.count), downstream: observer)
            for (index, signal) in signals.enumerated() {
                if junction.isDisposed || junction.update({ state, _ in state.winner != nil }) != false { break }
                let upstream = signal.subscription(
                    Observer(lifetime: junction) { event in
                        let losers = junction.update { state, output in state.receive(event, at: index, &output) }
                        if let losers { for loser in losers { loser.dispose() } }
                    })
                let stored = junction.update { state, _ in state.store(upstream, at: index) }
                if stored != true { upstream.dispose() }
            }
            return junction
        })
    }
}

/// The state of `race`: the winner, once decided, and the upstreams.
@usableFromInline
struct RaceState<Element, Failure: Swift.Error>: JunctionState {
    @usableFromInline typealias Output = Signal<Element, Failure>.Event

    @usableFromInline var winner: Int?
    @usableFromInline var upstreams: ContiguousArray<(any Disposable)?>

    @inlinable
    init(count: Int) {
        upstreams = ContiguousArray(repeating: nil, count: count)
    }

    /// Passes on the events of the winner. The first event decides the winner; the losers'
    /// disposables are returned, to be disposed after unlocking.
    @inlinable
    mutating func receive(_ event: Output, at index: Int, _ output: inout Output?) -> [any Disposable] {
        var losers: [any Disposable] = []
        if winner == nil {
            winner = index
            for slot in upstreams.indices where slot != index {
                if let upstream = upstreams[slot].take() { losers.append(upstream) }
            }
        }
        if winner == index { output = event }
        return losers
    }

    /// Keeps the upstream disposable at `index`; `false` if that source already lost.
    @inlinable
    mutating func store(_ upstream: any Disposable, at index: Int) -> Bool {
        if let winner, winner != index { return false }
        upstreams[index] = upstream
        return true
    }

    @inlinable
    mutating func detach() -> Self {
        defer { self = Self(count: 0) }
        return self
    }

    @inlinable
    func disposeUpstreams() {
        for case let upstream? in upstreams { upstream.dispose() }
    }
}
