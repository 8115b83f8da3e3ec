public import StreamCore

/// Records the events of an observation together with the virtual tick at which each arrived.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let recorder = scheduler.record(source.debounce(for: .seconds(2), on: scheduler))
/// scheduler.run()
/// #expect(recorder.events == [Recorded(tick: 3, .next(1)), Recorded(tick: 5, .completed)])
/// #expect(recorder.marbles(values: ["a": 1]) == "---a-|")
/// ```
///
/// The recorder is thread-safe: events may arrive on any thread. It is also the observation's
/// `Disposable`: disposing it ends the observation it was created for by
/// ``TestScheduler/record(_:)``.
public final class TestRecorder<Element, Error: Swift.Error>: Disposable {
    /// The recorded events' type.
    public typealias Event = Signal<Element, Error>.Event

    private struct State {
        var events: [Recorded<Event>] = []
        var observation: (any Disposable)?
        var isDisposed = false
    }

    private let scheduler: TestScheduler
    /// The tick the recorder was created at: the first column of ``marbles(from:values:)``.
    public let startTick: Int
    // LockedState's own unchecked Sendable covers the (possibly non-Sendable) recorded elements:
    // they are only touched under its lock.
    private let state = LockedState(State())

    /// Creates a recorder that stamps events with `scheduler`'s current tick; pass ``observer``
    /// to `observe(with:)` yourself, or use ``TestScheduler/record(_:)``.
    ///
    /// - Parameter scheduler: The clock that stamps the events.
    public init(scheduler: TestScheduler) {
        self.scheduler = scheduler
        self.startTick = scheduler.currentTick
    }

    /// The observer closure that records each event at the scheduler's current tick.
    public var observer: @Sendable (Event) -> Void {
        { [self] event in
            let tick = self.scheduler.currentTick
            self.state.withLock { $0.events.append(Recorded(tick: tick, event)) }
        }
    }

    /// Every event so far, with its tick, in arrival order.
    public var events: [Recorded<Event>] {
        state.withLock { $0.events }
    }

    /// The elements of the `.next` events so far, in order.
    public var elements: [Element] {
        events.compactMap(\.value.element)
    }

    /// Whether a terminal event (`.completed` or `.failed`) was recorded.
    public var isTerminated: Bool {
        events.last?.value.isTerminal ?? false
    }

    /// Ends the observation started by ``TestScheduler/record(_:)``; later events are not
    /// recorded.
    public func dispose() {
        let observation: (any Disposable)? = state.withLock { state in
            state.isDisposed = true
            defer { state.observation = nil }
            return state.observation
        }
        observation?.dispose()
    }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    /// Keeps the observation to dispose; disposes it at once if the recorder was already disposed.
    func attach(_ observation: any Disposable) {
        let rejected: Bool = state.withLock { state in
            if state.isDisposed { return true }
            state.observation = observation
            return false
        }
        if rejected { observation.dispose() }
    }
}

extension TestRecorder where Element: Equatable {
    /// The recorded events as a marble diagram, one character per tick from `start`.
    ///
    /// ```swift
    /// recorder.marbles(values: ["a": 1, "b": 2])   // "-a--b|"
    /// ```
    ///
    /// - Parameters:
    ///   - start: The tick of the diagram's first column; ``startTick`` by default.
    ///   - values: The characters that stand for elements. Strings and characters of length
    ///     one stand for themselves without an entry; elements without a character print as `?`.
    /// - Returns: The diagram; see ``Marbles`` for the notation.
    public func marbles(from start: Int? = nil, values: [Character: Element] = [:]) -> String {
        Marbles.render(events, from: start ?? startTick, values: values)
    }
}
