/// The state of a two-source `zip`: the elements of each source not paired yet, which sources
/// completed, and the two upstream disposables. Lives in a ``Junction``; changed only under its lock.
@usableFromInline
struct Zip2State<A, B, Failure: Swift.Error>: JunctionState {
    @usableFromInline typealias Output = Signal<(A, B), Failure>.Event

    @usableFromInline var bufferA = FIFOQueue<A>()
    @usableFromInline var bufferB = FIFOQueue<B>()
    @usableFromInline var completedA = false
    @usableFromInline var completedB = false
    @usableFromInline var upstreamA: (any Disposable)?
    @usableFromInline var upstreamB: (any Disposable)?

    @inlinable
    init() {}

    /// Records an event of the first source and sets `output` to the event to send, if any.
    @inlinable
    mutating func receiveA(_ event: Signal<A, Failure>.Event, _ output: inout Output?) {
        switch event {
        case .next(let element):
            if let b = bufferB.popFirst() {
                output = .next((element, b))
            } else {
                bufferA.append(element)
            }
        case .failed(let error):
            output = .failed(error)
        case .completed:
            completedA = true
            checkCompletion(&output)
        }
    }

    /// Records an event of the second source and sets `output` to the event to send, if any.
    @inlinable
    mutating func receiveB(_ event: Signal<B, Failure>.Event, _ output: inout Output?) {
        switch event {
        case .next(let element):
            if let a = bufferA.popFirst() {
                output = .next((a, element))
            } else {
                bufferB.append(element)
            }
        case .failed(let error):
            output = .failed(error)
        case .completed:
            completedB = true
            checkCompletion(&output)
        }
    }

    /// Completes once a completed source has no buffered element left: it can pair no more.
    @inlinable
    func checkCompletion(_ output: inout Output?) {
        if (completedA && bufferA.isEmpty) || (completedB && bufferB.isEmpty) { output = .completed }
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

/// The state of an array `zip`: one buffer per source.
@usableFromInline
struct ZipManyState<Element, Failure: Swift.Error>: JunctionState {
    @usableFromInline typealias Output = Signal<[Element], Failure>.Event

    @usableFromInline var buffers: ContiguousArray<FIFOQueue<Element>>
    @usableFromInline var completed: ContiguousArray<Bool>
    /// Sources whose buffer is empty.
    @usableFromInline var empty: Int
    @usableFromInline var upstreams: ContiguousArray<(any Disposable)?>

    @inlinable
    init(count: Int) {
        buffers = ContiguousArray(repeating: FIFOQueue(), count: count)
        completed = ContiguousArray(repeating: false, count: count)
        empty = count
        upstreams = ContiguousArray(repeating: nil, count: count)
    }

    /// Records an event of the source at `index` and sets `output` to the event to send, if any.
    @inlinable
    mutating func receive(_ event: Signal<Element, Failure>.Event, at index: Int, _ output: inout Output?) {
        switch event {
        case .next(let element):
            if buffers[index].isEmpty { empty -= 1 }
            buffers[index].append(element)
            guard empty == 0 else { return }
            var tuple: [Element] = []
            tuple.reserveCapacity(buffers.count)
            for slot in buffers.indices {
                if let first = buffers[slot].popFirst() { tuple.append(first) }
                if buffers[slot].isEmpty { empty += 1 }
            }
            output = .next(tuple)
        case .failed(let error):
            output = .failed(error)
        case .completed:
            completed[index] = true
            checkCompletion(&output)
        }
    }

    /// Completes once a completed source has no buffered element left: it can pair no more.
    @inlinable
    func checkCompletion(_ output: inout Output?) {
        for index in buffers.indices where completed[index] && buffers[index].isEmpty {
            output = .completed
            return
        }
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
