extension SignalProtocol {
    /// Pairs the elements of this signal and another by index: first with first, second with
    /// second, and so on.
    ///
    /// Marble: `-a-b---c|` with `---1-2|` → `---(a,1)-(b,2)|`
    ///
    /// ```swift
    /// requests.zip(with: responses).observeNext { request, response in … }
    /// ```
    ///
    /// Elements waiting for their partner are buffered (without limit, so a source much faster
    /// than the other grows the buffer). Completes as soon as a completed source has no buffered
    /// element left, disposing the other; fails as soon as either fails, disposing the other.
    /// Pairs are delivered serially on the thread of the element that completed them, or by a
    /// thread already delivering. Elements may cross threads, so they should be `Sendable`.
    ///
    /// - Parameter other: The signal to pair with.
    /// - Returns: A signal of `(element, otherElement)` pairs.
    @inlinable
    public func zip<Other: SignalProtocol>(with other: Other) -> Signal<(Element, Other.Element), Error>
    where Other.Error == Error {
        StreamCore.zip(self, other)
    }

    /// Pairs the elements of this signal and another by index and combines each pair with a closure.
    ///
    /// Marble: `-a-b|` with `---1-2|` → `---f(a,1)-f(b,2)|`
    ///
    /// - Parameters:
    ///   - other: The signal to pair with.
    ///   - combine: Called serially with each pair, outside any lock.
    /// - Returns: A signal of the combined values.
    @inlinable
    public func zip<Other: SignalProtocol, U>(
        with other: Other,
        combine: @escaping @Sendable (Element, Other.Element) -> U
    ) -> Signal<U, Error> where Other.Error == Error {
        StreamCore.zip(self, other).map { combine($0.0, $0.1) }
    }
}

/// Pairs the elements of two signals by index.
///
/// Marble: `-a-b---c|` with `---1-2|` → `---(a,1)-(b,2)|`
///
/// Buffers unmatched elements; completes once a completed source has no buffered element left;
/// fails on the first failure. See ``SignalProtocol/zip(with:)``.
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
/// - Returns: A signal of `(a, b)` pairs.
@inlinable
public func zip<A: SignalProtocol, B: SignalProtocol>(
    _ a: A,
    _ b: B
) -> Signal<(A.Element, B.Element), A.Error> where A.Error == B.Error {
    Signal.trusted({ observer in
        let junction = Junction(Zip2State<A.Element, B.Element, A.Error>(), downstream: observer)
        let upstreamA = a.subscribe(
            Observer(lifetime: junction) { event in
                junction.update { state, output in state.receiveA(event, &output) }
                // A pair may have emptied the buffer of a completed source.
                if case .next = event { junction.update { state, output in state.checkCompletion(&output) } }
            })
        if junction.update({ state, _ in state.upstreamA = upstreamA }) == nil { upstreamA.dispose() }
        if junction.isDisposed { return junction }
        let upstreamB = b.subscribe(
            Observer(lifetime: junction) { event in
                junction.update { state, output in state.receiveB(event, &output) }
                if case .next = event { junction.update { state, output in state.checkCompletion(&output) } }
            })
        if junction.update({ state, _ in state.upstreamB = upstreamB }) == nil { upstreamB.dispose() }
        return junction
    })
}

/// Pairs the elements of three signals by index.
///
/// Marble: `-a-b|`, `--1-2|`, `---x|` → `---(a,1,x)|`
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
/// - Returns: A signal of `(a, b, c)` tuples.
@inlinable
public func zip<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol>(
    _ a: A, _ b: B, _ c: C
) -> Signal<(A.Element, B.Element, C.Element), A.Error> where A.Error == B.Error, A.Error == C.Error {
    zip(zip(a, b), c).map { ($0.0, $0.1, $1) }
}

/// Pairs the elements of four signals by index.
///
/// Marble: `-a|`, `-1|`, `-x|`, `-p|` → `-(a,1,x,p)|`
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
///   - d: The fourth signal.
/// - Returns: A signal of `(a, b, c, d)` tuples.
@inlinable
public func zip<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol>(
    _ a: A, _ b: B, _ c: C, _ d: D
) -> Signal<(A.Element, B.Element, C.Element, D.Element), A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error {
    zip(zip(a, b), zip(c, d)).map { ($0.0, $0.1, $1.0, $1.1) }
}

/// Pairs the elements of five signals by index.
///
/// Marble: `-a|`, `-1|`, `-x|`, `-p|`, `-q|` → `-(a,1,x,p,q)|`
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
///   - d: The fourth signal.
///   - e: The fifth signal.
/// - Returns: A signal of `(a, b, c, d, e)` tuples.
@inlinable
public func zip<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol, E: SignalProtocol>(
    _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
) -> Signal<(A.Element, B.Element, C.Element, D.Element, E.Element), A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error, A.Error == E.Error {
    zip(zip(a, b, c), zip(d, e)).map { ($0.0, $0.1, $0.2, $1.0, $1.1) }
}

/// Pairs the elements of six signals by index.
///
/// Marble: `-a|`, `-1|`, `-x|`, `-p|`, `-q|`, `-r|` → `-(a,1,x,p,q,r)|`
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
///   - d: The fourth signal.
///   - e: The fifth signal.
///   - f: The sixth signal.
/// - Returns: A signal of `(a, b, c, d, e, f)` tuples.
@inlinable
public func zip<
    A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol, E: SignalProtocol, F: SignalProtocol
>(
    _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
) -> Signal<(A.Element, B.Element, C.Element, D.Element, E.Element, F.Element), A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error, A.Error == E.Error, A.Error == F.Error {
    zip(zip(a, b, c), zip(d, e, f)).map { ($0.0, $0.1, $0.2, $1.0, $1.1, $1.2) }
}

extension Signal {
    /// Pairs the elements of any number of signals by index into arrays, in source order.
    ///
    /// Marble: `[-a-b|, --1-2|]` → `--[a,1]-[b,2]|`
    ///
    /// Buffers unmatched elements; completes once a completed source has no buffered element
    /// left, disposing the others; fails on the first failure. An empty list completes at once.
    ///
    /// - Parameter signals: The signals to pair.
    /// - Returns: A signal of arrays holding the n-th element of each signal.
    @inlinable
    public static func zip(_ signals: [Signal<Element, Error>]) -> Signal<[Element], Error> {
        guard !signals.isEmpty else { return .completed() }
        return Signal<[Element], Error>.trusted({ observer in
            let junction = Junction(ZipManyState<Element, Error>(count: signals.count), downstream: observer)
            for (index, signal) in signals.enumerated() {
                if junction.isDisposed { break }
                let upstream = signal.subscription(
                    Observer(lifetime: junction) { event in
                        junction.update { state, output in state.receive(event, at: index, &output) }
                        if case .next = event { junction.update { state, output in state.checkCompletion(&output) } }
                    })
                if junction.update({ state, _ in state.upstreams[index] = upstream }) == nil { upstream.dispose() }
            }
            return junction
        })
    }
}
