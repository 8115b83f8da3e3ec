// combineLatest for 4 to 6 signals, built on the two- and three-source forms: the sources are
// combined in groups whose tuples are combined again, so no arity repeats the junction code.

/// Combines the latest elements of four signals into tuples.
///
/// Marble: `-a----|`, `--1---|`, `---x--|`, `----p-|` → `----(a,1,x,p)-|`
///
/// Sends a tuple once all four have sent an element, then one for every later element of any.
/// Completes when all complete; fails as soon as one fails, disposing the others.
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
///   - d: The fourth signal.
/// - Returns: A signal of `(a, b, c, d)` tuples.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol>(
    _ a: A, _ b: B, _ c: C, _ d: D
) -> Signal<(A.Element, B.Element, C.Element, D.Element), A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error {
    combineLatest(combineLatest(a, b), combineLatest(c, d)).map { ($0.0, $0.1, $1.0, $1.1) }
}

/// Combines the latest elements of four signals with a closure.
///
/// Marble: `-a----|`, `--1---|`, `---x--|`, `----p-|` → `----f(a,1,x,p)-|`
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
///   - d: The fourth signal.
///   - combine: Called serially with each tuple, outside any lock.
/// - Returns: A signal of the combined values.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol, U>(
    _ a: A, _ b: B, _ c: C, _ d: D,
    combine: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element) -> U
) -> Signal<U, A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error {
    combineLatest(combineLatest(a, b), combineLatest(c, d)).map { combine($0.0, $0.1, $1.0, $1.1) }
}

/// Combines the latest elements of five signals into tuples.
///
/// Marble: `-a-----|`, `--1----|`, `---x---|`, `----p--|`, `-----q-|` → `-----(a,1,x,p,q)-|`
///
/// Sends a tuple once all five have sent an element, then one for every later element of any.
/// Completes when all complete; fails as soon as one fails, disposing the others.
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
///   - d: The fourth signal.
///   - e: The fifth signal.
/// - Returns: A signal of `(a, b, c, d, e)` tuples.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol, E: SignalProtocol>(
    _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
) -> Signal<(A.Element, B.Element, C.Element, D.Element, E.Element), A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error, A.Error == E.Error {
    combineLatest(combineLatest(a, b, c), combineLatest(d, e)).map { ($0.0, $0.1, $0.2, $1.0, $1.1) }
}

/// Combines the latest elements of five signals with a closure.
///
/// Marble: `-a-----|`, `--1----|`, `---x---|`, `----p--|`, `-----q-|` → `-----f(a,1,x,p,q)-|`
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
///   - d: The fourth signal.
///   - e: The fifth signal.
///   - combine: Called serially with each tuple, outside any lock.
/// - Returns: A signal of the combined values.
@inlinable
public func combineLatest<A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol, E: SignalProtocol, U>(
    _ a: A, _ b: B, _ c: C, _ d: D, _ e: E,
    combine: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element) -> U
) -> Signal<U, A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error, A.Error == E.Error {
    combineLatest(combineLatest(a, b, c), combineLatest(d, e)).map { combine($0.0, $0.1, $0.2, $1.0, $1.1) }
}

/// Combines the latest elements of six signals into tuples.
///
/// Marble: `-a------|`, `--1-----|`, `---x----|`, `----p---|`, `-----q--|`, `------r-|`
/// → `------(a,1,x,p,q,r)-|`
///
/// Sends a tuple once all six have sent an element, then one for every later element of any.
/// Completes when all complete; fails as soon as one fails, disposing the others.
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
public func combineLatest<
    A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol, E: SignalProtocol, F: SignalProtocol
>(
    _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
) -> Signal<(A.Element, B.Element, C.Element, D.Element, E.Element, F.Element), A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error, A.Error == E.Error, A.Error == F.Error {
    combineLatest(combineLatest(a, b, c), combineLatest(d, e, f)).map { ($0.0, $0.1, $0.2, $1.0, $1.1, $1.2) }
}

/// Combines the latest elements of six signals with a closure.
///
/// Marble: `-a------|`, `--1-----|`, `---x----|`, `----p---|`, `-----q--|`, `------r-|`
/// → `------f(a,1,x,p,q,r)-|`
///
/// - Parameters:
///   - a: The first signal.
///   - b: The second signal.
///   - c: The third signal.
///   - d: The fourth signal.
///   - e: The fifth signal.
///   - f: The sixth signal.
///   - combine: Called serially with each tuple, outside any lock.
/// - Returns: A signal of the combined values.
@inlinable
public func combineLatest<
    A: SignalProtocol, B: SignalProtocol, C: SignalProtocol, D: SignalProtocol, E: SignalProtocol, F: SignalProtocol, U
>(
    _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F,
    combine: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element) -> U
) -> Signal<U, A.Error>
where A.Error == B.Error, A.Error == C.Error, A.Error == D.Error, A.Error == E.Error, A.Error == F.Error {
    combineLatest(combineLatest(a, b, c), combineLatest(d, e, f)).map { combine($0.0, $0.1, $0.2, $1.0, $1.1, $1.2) }
}
