public import StreamCore

/// A signal that replays scripted events on a ``TestScheduler`` and logs its subscriptions:
/// the source side of a marble test.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let cold = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2])
/// let hot = try scheduler.hotSignal("--a--b|", values: ["a": 1, "b": 2])
/// ```
///
/// A **cold** signal starts its script anew for each observation, with ticks counted from the
/// moment of observing. A **hot** signal runs one script from the moment it is created, on the
/// scheduler's clock, and every observer sees only the events after it started observing.
/// Events arrive on the thread that advances the scheduler.
public final class TestSignal<Element: Sendable, Error: Swift.Error>: SignalProtocol {
    /// The scripted events' type.
    public typealias Event = Signal<Element, Error>.Event

    /// The script: each event with its tick, relative to the observation (cold) or to the
    /// signal's creation (hot).
    public let script: [Recorded<Event>]
    /// Whether each observation replays the script (`true`) or all observers share one run.
    public let isCold: Bool

    private let scheduler: TestScheduler
    private let subject: PassthroughSubject<Element, Error>
    private let log = LockedState<[TestSubscription]>([])

    /// Creates a test signal from a script of timed events; usually called through
    /// ``TestScheduler/coldSignal(_:values:error:)`` or ``TestScheduler/hotSignal(_:values:error:)``.
    ///
    /// - Parameters:
    ///   - script: The events with their ticks.
    ///   - isCold: `true` for a cold signal, `false` for a hot one whose script starts now.
    ///   - scheduler: The clock that runs the script.
    public init(script: [Recorded<Event>], isCold: Bool, scheduler: TestScheduler) {
        self.script = script
        self.isCold = isCold
        self.scheduler = scheduler
        let subject = PassthroughSubject<Element, Error>()
        self.subject = subject
        if !isCold {
            // A hot script runs to its end, like a real hot source, whoever still holds the signal.
            _ = Self.play(script, on: scheduler) { subject.on($0) }
        }
    }

    /// Every observation so far: the ticks it started and was disposed at.
    public var subscriptions: [TestSubscription] {
        log.withLock { $0 }
    }

    /// Observes the signal: replays the script (cold) or joins the running script (hot).
    ///
    /// - Parameter observer: Called with each event, on the thread that advances the scheduler.
    /// - Returns: A disposable that ends the observation and logs the tick it ended at.
    public func observe(with observer: @escaping @Sendable (Event) -> Void) -> any Disposable {
        let index: Int = log.withLock { log in
            log.append(TestSubscription(scheduler.currentTick))
            return log.count - 1
        }
        let unsubscribe = BlockDisposable { [log, scheduler] in
            let tick = scheduler.currentTick
            log.withLock { $0[index].disposed = tick }
        }
        let source: Signal<Element, Error>
        if isCold {
            let (script, scheduler) = (self.script, self.scheduler)
            source = Signal { observer in
                CompositeDisposable([Self.play(script, on: scheduler) { observer.on($0) }, unsubscribe])
            }
        } else {
            let subject = self.subject
            source = Signal { observer in
                CompositeDisposable([subject.observe(with: observer.on), unsubscribe])
            }
        }
        return source.observe(with: observer)
    }

    /// Schedules each scripted event relative to now.
    private static func play(
        _ script: [Recorded<Event>],
        on scheduler: TestScheduler,
        _ send: @escaping @Sendable (Event) -> Void
    ) -> any Disposable {
        CompositeDisposable(
            script.map { recorded in
                scheduler.schedule(after: scheduler.tick * recorded.tick) { send(recorded.value) }
            })
    }
}
