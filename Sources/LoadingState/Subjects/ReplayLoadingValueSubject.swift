public import StreamCore

/// A subject of loading states that replays where the loading stands to each new observer
/// (ReactiveKit's `ReplayLoadingValueSubject`).
///
/// ```swift
/// let user = ReplayLoadingValueSubject<User, APIError, Never>(bufferSize: 1)
/// user.send(.loading)
/// user.observeNext { print($0) }   // prints "loading"
/// user.send(.loaded(jim))          // prints "loaded(jim)"
/// user.send(.loading)              // prints "loading" (a reload)
/// user.observeNext { print($0) }   // prints "loaded(jim)": the value, not the reload
/// ```
///
/// A new observer first receives:
/// - nothing, before the first state;
/// - `.loading`, while the first load runs;
/// - once something loaded or failed, the last `bufferSize` results (`.loaded` values, and a
///   `.failed` state, which drops the values before it), even while a reload runs;
/// - then the terminal event, if the subject has ended.
///
/// The replay is part of the subject's serial delivery (StreamCore's subject engine): a new
/// observer receives exactly what was delivered before it joined, then every later event, with
/// no gap and no duplicate, even while other threads send. `send` may be called from any
/// thread; observers are never called with a lock held, and a replaced value is released after
/// unlocking.
public final class ReplayLoadingValueSubject<LoadingValue, LoadingError: Swift.Error, Error: Swift.Error>:
    SubjectProtocol, Sendable
{
    /// The elements: loading states.
    public typealias Element = LoadingState<LoadingValue, LoadingError>

    private let core: SubjectCore<Element, Error>
    private let record: LockedState<LoadingReplayRecord<LoadingValue, LoadingError>>

    /// How many results (loaded values, or a failure) a new observer receives at most.
    public let bufferSize: Int

    deinit {
        // Registered observers hold the core; end them (without an event) as the subject goes.
        core.close()
    }

    /// Creates a subject that replays up to `bufferSize` results.
    ///
    /// - Parameter bufferSize: How many recent results to replay; `Int.max` (the default) keeps
    ///   all. A size of zero (or less) replays only `.loading` before the first result, and the
    ///   terminal event.
    public init(bufferSize: Int = .max) {
        self.bufferSize = max(0, bufferSize)
        let record = LockedState(LoadingReplayRecord<LoadingValue, LoadingError>(limit: bufferSize))
        self.record = record
        core = SubjectCore(replay: 0, tracksLatest: false)
        // The record is the core's first observer: it sees every state in delivery order, so a
        // new observer's replay (read in that same order) holds exactly what was delivered.
        _ = core.observe { event in
            guard case .next(let state) = event else { return }
            let displaced = record.withLock { $0.record(state) }
            withExtendedLifetime(displaced) {}  // released here, after unlocking
        }
    }

    /// Sends an event to every observer and records it for replay; ignored after a terminal
    /// event.
    public func on(_ event: Signal<Element, Error>.Event) {
        core.send(event)
    }

    /// Registers an observer; it first receives the replay (see the type's discussion).
    public func observe(with observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable {
        core.observe(replayingPrefix: { [record] in record.withLock { $0.replay } }, observer)
    }
}
