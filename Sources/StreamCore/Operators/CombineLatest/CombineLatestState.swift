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
