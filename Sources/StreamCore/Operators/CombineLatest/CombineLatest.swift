extension SignalProtocol {
    /// Combines the latest elements of this signal and another into pairs.
    ///
    /// Marble: `-a---b-----c|` with `---1---2|` → `---(a,1)-(b,1)-(b,2)-(c,2)|`
    ///
    /// ```swift
    /// name.combineLatest(with: age).observeNext { name, age in print(name, age) }
    /// ```
    ///
    /// Sends a pair once both signals have sent an element, then one pair for every later element
    /// of either signal. Completes when both complete; fails as soon as either fails, disposing the
    /// other. Pairs are delivered serially on the thread of the element that produced them (or on a
    /// thread already delivering a pair, which then delivers the next in order). Elements that
    /// arrive on different threads cross threads, so they should be `Sendable`.
    ///
    /// - Parameter other: The signal to combine with.
    /// - Returns: A signal of `(element, otherElement)` pairs.
    @inlinable
    public func combineLatest<Other: SignalProtocol>(with other: Other) -> Signal<(Element, Other.Element), Error>
    where Other.Error == Error {
        StreamCore.combineLatest(self, other)
    }

    /// Combines the latest elements of this signal and another with a closure.
    ///
    /// Marble: `-a---b|` with `---1--|` → `---f(a,1)-f(b,1)|`
    ///
    /// - Parameters:
    ///   - other: The signal to combine with.
    ///   - combine: Called serially with each pair, outside any lock.
    /// - Returns: A signal of the combined values.
    @inlinable
    public func combineLatest<Other: SignalProtocol, U>(
        with other: Other,
        combine: @escaping @Sendable (Element, Other.Element) -> U
    ) -> Signal<U, Error> where Other.Error == Error {
        StreamCore.combineLatest(self, other).map { combine($0.0, $0.1) }
    }
}

/// Combines the latest elements of two signals into pairs.
///
/// Marble: `-a---b-----c|` with `---1---2|` → `---(a,1)-(b,1)-(b,2)-(c,2)|`
///
/// Sends a pair once both have sent an element, then one for every later element of either.
/// Completes when both complete; fails as soon as either fails, disposing the other. See
/// ``SignalProtocol/combineLatest(with:)`` for threading.
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
/// - Returns: A signal of `(a, b)` pairs.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol>(
    _ a: A,
    _ b: B
) -> Signal<(A.Element, B.Element), A.Error> where A.Error == B.Error {
    Signal.trusted({ observer in
        let engine = CombineLatest2Engine<A.Element, B.Element, A.Error>(downstream: observer)
        engine.setUpstreamA(a.subscribe(Observer(lifetime: engine) { event in engine.receiveA(event) }))
        if engine.isDisposed { return engine }
        engine.setUpstreamB(b.subscribe(Observer(lifetime: engine) { event in engine.receiveB(event) }))
        return engine
    })
}

/// Combines the latest elements of two signals with a closure.
///
/// Marble: `-a---b|` with `---1--|` → `---f(a,1)-f(b,1)|`
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - combine: Called serially with each pair, outside any lock.
/// - Returns: A signal of the combined values.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, U>(
    _ a: A,
    _ b: B,
    combine: @escaping @Sendable (A.Element, B.Element) -> U
) -> Signal<U, A.Error> where A.Error == B.Error {
    combineLatest(a, b).map { combine($0.0, $0.1) }
}

/// Combines the latest elements of three signals into triples.
///
/// Marble: `-a----b|`, `--1---|`, `---x--|` → `---(a,1,x)-(b,1,x)|`
///
/// Sends a triple once all three have sent an element, then one for every later element of any.
/// Completes when all three complete; fails as soon as one fails, disposing the others.
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
/// - Returns: A signal of `(a, b, c)` triples.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol>(
    _ a: A,
    _ b: B,
    _ c: C
) -> Signal<(A.Element, B.Element, C.Element), A.Error> where A.Error == B.Error, A.Error == C.Error {
    combineLatest(combineLatest(a, b), c).map { ($0.0.0, $0.0.1, $0.1) }
}

/// Combines the latest elements of three signals with a closure.
///
/// Marble: `-a----b|`, `--1---|`, `---x--|` → `---f(a,1,x)-f(b,1,x)|`
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
///   - combine: Called serially with each triple, outside any lock.
/// - Returns: A signal of the combined values.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, U>(
    _ a: A,
    _ b: B,
    _ c: C,
    combine: @escaping @Sendable (A.Element, B.Element, C.Element) -> U
) -> Signal<U, A.Error> where A.Error == B.Error, A.Error == C.Error {
    combineLatest(combineLatest(a, b), c).map { combine($0.0.0, $0.0.1, $0.1) }
}

extension Signal {
    /// Combines the latest elements of any number of signals into arrays, in source order.
    ///
    /// Marble: `[-a---b|, --1---|]` → `---[a,1]-[b,1]|`
    ///
    /// Sends an array once every signal has sent an element, then one for every later element of
    /// any. Completes when all complete; fails as soon as one fails, disposing the others. An
    /// empty list completes at once.
    ///
    /// - Parameter signals: The signals to combine.
    /// - Returns: A signal of arrays holding the latest element of each signal.
    @inlinable
    public static func combineLatest(_ signals: [Signal<Element, Error>]) -> Signal<[Element], Error> {
        guard !signals.isEmpty else { return .completed() }
        return Signal<[Element], Error>.trusted({ observer in
            let state = CombineLatestManyState<Element, Error>(count: signals.count)
            let junction = Junction(state, downstream: observer)
            for (index, signal) in signals.enumerated() {
                if junction.isDisposed { break }
                let upstream = signal.subscription(
                    Observer(lifetime: junction) { event in
                        let displaced = junction.update { state, output in state.receive(event, at: index, &output) }
                        _ = displaced
                    })
                if junction.update({ state, _ in state.upstreams[index] = upstream }) == nil { upstream.dispose() }
            }
            return junction
        })
    }
}
