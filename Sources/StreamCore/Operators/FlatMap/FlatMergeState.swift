/// The state of a `flatMapMerge` / `flatMapConcat` observation: the running inner observations,
/// the inner signals waiting for a free slot, and who is starting inners.
///
/// Inners are started by one thread at a time, in a loop (the *starter*): an inner that completes
/// synchronously while being subscribed does not start the next one recursively, it leaves that to
/// the loop, so a long queue of synchronous inners runs in constant stack. Lives in a ``Junction``.
@usableFromInline
struct FlatMergeState<Inner>: JunctionState {
    /// One running inner: its disposable, once its `subscribe` returned.
    @usableFromInline
    struct Running {
        @usableFromInline var disposable: (any Disposable)?

        @inlinable
        init() {}
    }

    /// What the starter does after subscribing an inner.
    @usableFromInline
    struct Step {
        /// The disposable to dispose now: its inner already ended.
        @usableFromInline var finished: (any Disposable)?
        /// The next inner to subscribe, with its id; `nil` ends the loop.
        @usableFromInline var next: (signal: Inner, id: Int)?

        @inlinable
        init() {}
    }

    /// The most inners running at once (at least 1).
    @usableFromInline let limit: Int
    @usableFromInline var outer: (any Disposable)?
    @usableFromInline var running: [Int: Running] = [:]
    @usableFromInline var pending = FIFOQueue<Inner>()
    @usableFromInline var nextID = 0
    /// A thread is running the start loop.
    @usableFromInline var isStarting = false
    @usableFromInline var isOuterCompleted = false

    @inlinable
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// A new inner signal arrived: returns its id if the caller should start it (and become the
    /// starter), or `nil` if it was queued.
    @inlinable
    mutating func arrive(_ signal: Inner) -> Int? {
        guard running.count < limit, !isStarting else {
            pending.append(signal)
            return nil
        }
        isStarting = true
        return begin()
    }

    /// The starter subscribed the inner `id`; records its disposable and picks the next inner.
    @inlinable
    mutating func started(_ disposable: any Disposable, id: Int) -> Step {
        var step = Step()
        if running[id] != nil {
            running[id]?.disposable = disposable
        } else {
            step.finished = disposable
        }
        step.next = takeNext()
        if step.next == nil { isStarting = false }
        return step
    }

    /// The inner `id` completed. Returns its disposable (to release after unlocking) and, if the
    /// caller should become the starter, the next inner to start.
    @inlinable
    mutating func completed<Element, Failure>(
        id: Int,
        _ output: inout Signal<Element, Failure>.Event?
    ) -> (finished: Running?, next: (signal: Inner, id: Int)?) {
        let finished = running.removeValue(forKey: id)
        if !isStarting, let next = takeNext() {
            isStarting = true
            return (finished, next)
        }
        if running.isEmpty, pending.isEmpty, isOuterCompleted { output = .completed }
        return (finished, nil)
    }

    /// The outer completed: completes the output if nothing is running or waiting.
    @inlinable
    mutating func outerCompleted<Element, Failure>(_ output: inout Signal<Element, Failure>.Event?) {
        isOuterCompleted = true
        if running.isEmpty, pending.isEmpty { output = .completed }
    }

    @inlinable
    mutating func takeNext() -> (signal: Inner, id: Int)? {
        guard running.count < limit, let signal = pending.popFirst() else { return nil }
        return (signal, begin())
    }

    @inlinable
    mutating func begin() -> Int {
        let id = nextID
        nextID &+= 1
        running[id] = Running()
        return id
    }

    @inlinable
    mutating func detach() -> Self {
        defer { self = Self(limit: limit) }
        return self
    }

    @inlinable
    func disposeUpstreams() {
        outer?.dispose()
        for inner in running.values { inner.disposable?.dispose() }
    }
}

extension SignalProtocol {
    /// The engine behind `flatMapMerge` and `flatMapConcat`: maps each element to an inner signal
    /// and observes up to `limit` of them at once, the others waiting in order.
    @inlinable
    func flatMerge<Inner: SignalProtocol, Failure: Swift.Error>(
        limit: Int,
        _ transform: @escaping @Sendable (Element) -> Inner,
        outerError: @escaping @Sendable (Error) -> Failure,
        innerError: @escaping @Sendable (Inner.Error) -> Failure
    ) -> Signal<Inner.Element, Failure> {
        Signal.trusted({ observer in
            let junction = Junction(FlatMergeState<Inner>(limit: limit), downstream: observer)

            @Sendable func run(_ first: (signal: Inner, id: Int)) {
                var current = first
                while true {
                    let id = current.id
                    let inner = current.signal.subscribe(
                        Observer(lifetime: junction) { event in
                            switch event {
                            case .next(let element):
                                junction.send(.next(element))
                            case .failed(let error):
                                junction.send(.failed(innerError(error)))
                            case .completed:
                                let step = junction.update { state, output in state.completed(id: id, &output) }
                                if let next = step?.next { run(next) }
                            }
                        })
                    guard let step = junction.update({ state, _ in state.started(inner, id: id) }) else {
                        inner.dispose()
                        return
                    }
                    step.finished?.dispose()
                    guard let next = step.next else { return }
                    current = next
                }
            }

            let outer = self.subscribe(
                Observer(lifetime: junction) { event in
                    switch event {
                    case .next(let element):
                        let signal = transform(element)
                        if let id = junction.update({ state, _ in state.arrive(signal) }) ?? nil {
                            run((signal, id))
                        }
                    case .failed(let error):
                        junction.send(.failed(outerError(error)))
                    case .completed:
                        junction.update { state, output in state.outerCompleted(&output) }
                    }
                })
            if junction.update({ state, _ in state.outer = outer }) == nil { outer.dispose() }
            return junction
        })
    }
}
