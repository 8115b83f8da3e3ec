import Dispatch

extension DependencyValues {
    /// The clock that async effects sleep on: `ContinuousClock()` live, none in tests (override
    /// it; a ``Scheduler``'s ``Scheduler/clock`` puts the sleeps on a test scheduler's virtual
    /// time).
    ///
    /// ```swift
    /// @Dependency(\.continuousClock) var clock
    /// try await clock.sleep(for: .seconds(1))
    ///
    /// // In a test: the sleep ends when the test scheduler is advanced.
    /// withDependencies { $0.continuousClock = scheduler.clock } operation: { … }
    /// ```
    public var continuousClock: any Clock<Duration> {
        get { self[ContinuousClockKey.self] }
        set { self[ContinuousClockKey.self] = newValue }
    }

    /// The scheduler that main-thread work (debounces, delays, `receive(on:)`) runs on:
    /// `DispatchQueue.main` live, none in tests (override it with a test scheduler). TCA's name.
    ///
    /// ```swift
    /// @Dependency(\.mainQueue) var mainQueue
    /// searches.debounce(for: .milliseconds(300), on: mainQueue)
    /// ```
    public var mainQueue: any Scheduler {
        get { self[MainQueueKey.self] }
        set { self[MainQueueKey.self] = newValue }
    }
}

/// The key of ``DependencyValues/continuousClock``: a live value, no test value.
enum ContinuousClockKey: DependencyKey {
    static let liveValue: any Clock<Duration> = ContinuousClock()
}

/// The key of ``DependencyValues/mainQueue``: a live value, no test value.
enum MainQueueKey: DependencyKey {
    static let liveValue: any Scheduler = DispatchQueue.main
}
