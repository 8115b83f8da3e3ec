/// The state of a two-source `combineLatest`: the latest element of each source, which sources
/// completed, and the two upstream disposables. Lives in a ``Junction``; changed only under its lock.
///
/// The `receive` methods return the element they displace so that the caller releases it after
/// unlocking (an element's `deinit` is user code).
///
/// Inlinable, like the public `combineLatest` functions, so that the per-element path is
/// specialized in the client module.
@usableFromInline
struct CombineLatest2State<A, B, Failure: Swift.Error>: JunctionState {
    @usableFromInline typealias Output = Signal<(A, B), Failure>.Event

    @usableFromInline var a: A?
    @usableFromInline var b: B?
    @usableFromInline var completedA = false
    @usableFromInline var completedB = false
    @usableFromInline var upstreamA: (any Disposable)?
    @usableFromInline var upstreamB: (any Disposable)?

    @inlinable
    init() {}

    /// Records an event of the first source and sets `output` to the event to send, if any.
    @inlinable
    mutating func receiveA(_ event: Signal<A, Failure>.Event, _ output: inout Output?) -> A? {
        switch event {
        case .next(let element):
            let displaced = a.take()
            a = element
            if let b { output = .next((element, b)) }
            return displaced
        case .failed(let error):
            output = .failed(error)
        case .completed:
            completedA = true
            if completedB { output = .completed }
        }
        return nil
    }

    /// Records an event of the second source and sets `output` to the event to send, if any.
    @inlinable
    mutating func receiveB(_ event: Signal<B, Failure>.Event, _ output: inout Output?) -> B? {
        switch event {
        case .next(let element):
            let displaced = b.take()
            b = element
            if let a { output = .next((a, element)) }
            return displaced
        case .failed(let error):
            output = .failed(error)
        case .completed:
            completedB = true
            if completedA { output = .completed }
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
        upstreamA?.dispose()
        upstreamB?.dispose()
    }
}

/// The state of an array `combineLatest`: one slot per source.
@usableFromInline
struct CombineLatestManyState<Element, Failure: Swift.Error>: JunctionState {
    @usableFromInline typealias Output = Signal<[Element], Failure>.Event

    @usableFromInline var latest: ContiguousArray<Element?>
    /// Sources that have not sent an element yet.
    @usableFromInline var silent: Int
    /// Sources that have not completed yet.
    @usableFromInline var running: Int
    @usableFromInline var upstreams: ContiguousArray<(any Disposable)?>

    @inlinable
    init(count: Int) {
        latest = ContiguousArray(repeating: nil, count: count)
        silent = count
        running = count
        upstreams = ContiguousArray(repeating: nil, count: count)
    }

    /// Records an event of the source at `index` and sets `output` to the event to send, if any.
    /// Returns the element it displaces, to be released after unlocking.
    @inlinable
    mutating func receive(_ event: Signal<Element, Failure>.Event, at index: Int, _ output: inout Output?) -> Element? {
        switch event {
        case .next(let element):
            let displaced = latest[index].take()
            if displaced == nil { silent -= 1 }
            latest[index] = element
            // Once every slot is filled, compactMap keeps them all, in source order.
            if silent == 0 { output = .next(latest.compactMap { $0 }) }
            return displaced
        case .failed(let error):
            output = .failed(error)
        case .completed:
            running -= 1
            if running == 0 { output = .completed }
        }
        return nil
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
