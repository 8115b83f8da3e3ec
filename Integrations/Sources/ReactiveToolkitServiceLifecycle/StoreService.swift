public import FeedbackLoop
public import Logging
public import ServiceLifecycle
public import StoreKitLite
import StreamCore

/// A swift-service-lifecycle `Service` that runs a store with its feedbacks, and shuts it down
/// gracefully.
///
/// ```swift
/// let service = StoreService(
///     store: store,
///     feedbacks: [payment],               // attached when the service starts
///     shutdownDeadline: .seconds(5),
///     logger: logger,
///     closing: { await journal.close() }  // a shared store's journal, closed last
/// )
/// let group = ServiceGroup(
///     services: [service, httpServer],    // shut down in reverse order: HTTP first
///     gracefulShutdownSignals: [.sigterm, .sigint],
///     logger: logger
/// )
/// try await group.run()
/// ```
///
/// The shutdown order is **HTTP, store, journal**. A `ServiceGroup` shuts its services down in
/// the reverse of their order, so list the store's service before the HTTP server: the server
/// stops accepting connections and finishes its requests first (their `send`s still work, each
/// within its deadline: a `PostgresJournal`'s `sendTimeout`), then the store closes and waits
/// for its effects, then `closing` closes what the store writes to. A SIGTERM while a shared
/// store's database is down then ends within the send deadline plus `shutdownDeadline` (plus
/// one connection attempt's deadline, if the journal is opening a connection): the requests'
/// sends and the effects' sends fail with `StoreError.deadlineExceeded(mayHaveRun: true)`.
///
/// While it runs, the feedbacks are attached to the store (each under its `name`, so reports
/// say which effect is which). On graceful shutdown (a signal, or the group's
/// `triggerGracefulShutdown()`) the service:
/// 1. closes the store: `send` throws `StoreError.storeClosed` and `dispatch` drops; actions
///    the effects in flight send are still accepted, so that they can finish;
/// 2. waits, at most `shutdownDeadline`, for the effects in flight (and the actions they send)
///    to settle;
/// 3. cancels whatever is still running and runs `closing` (which closes the journal, so that
///    the sends still waiting for it fail), detaches the feedbacks, logs a notice naming each
///    cancelled effect, hands a ``StoreShutdownReport`` to `onShutdown`, and returns.
///
/// With a `lease` (a shared store's ``EffectsLease``), the feedbacks are attached only while
/// this instance holds it: when it wins the lease, and detached (their effects cancelled) when it
/// loses it, so that each effect runs on one instance (Decision 0027).
///
/// If the task running the service is cancelled instead (not a graceful shutdown), steps 1 and 3
/// happen at once, without waiting.
public struct StoreService<State: Sendable, Action: Sendable>: Service {
    /// The store the service runs.
    public let store: Store<State, Action>
    let feedbacks: [Feedback<State, Action>]
    private let shutdownDeadline: Duration
    private let logger: Logger?
    private let onShutdown: @Sendable (StoreShutdownReport) -> Void
    private let closing: @Sendable () async -> Void
    let lease: (any EffectsLease)?

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - feedbacks: Feedbacks to attach while the service runs; their per-state effects are
    ///     the effects in flight a shutdown waits for.
    ///   - shutdownDeadline: How long a graceful shutdown waits for effects in flight before it
    ///     cancels them.
    ///   - logger: Where to log the shutdown (a notice listing what was cancelled); none by default.
    ///   - onShutdown: Receives the shutdown's report.
    ///   - closing: Runs at the end of the shutdown, after the deadline's cancellations: close
    ///     the store's journal here (`await journal.close()`), so that sends still waiting for
    ///     its database fail with `StoreError.deadlineExceeded(mayHaveRun: true)` instead of
    ///     holding the shutdown. Nothing by default.
    ///   - lease: Runs the feedbacks only while this instance holds the lease (a shared store's
    ///     effects lease, so that each effect runs on one instance); nil (the default) runs them
    ///     for as long as the service runs.
    public init(
        store: Store<State, Action>,
        feedbacks: [Feedback<State, Action>] = [],
        shutdownDeadline: Duration = .seconds(10),
        logger: Logger? = nil,
        onShutdown: @escaping @Sendable (StoreShutdownReport) -> Void = { _ in },
        closing: @escaping @Sendable () async -> Void = {},
        lease: (any EffectsLease)? = nil
    ) {
        self.closing = closing
        self.lease = lease
        self.store = store
        self.feedbacks = feedbacks
        self.shutdownDeadline = shutdownDeadline
        self.logger = logger
        self.onShutdown = onShutdown
    }

    /// Attaches the feedbacks, waits for a graceful shutdown (or cancellation), then shuts the
    /// store down as described above.
    public func run() async throws {
        let attachment = attachFeedbacks()
        let graceful: Bool
        do {
            try await gracefulShutdown()
            graceful = true
        } catch {
            graceful = false  // the task was cancelled: shut down without waiting
        }
        let report = await Self.shutDown(store, deadline: graceful ? shutdownDeadline : .zero)
        let detach = attachment.end()
        await closing()
        detach()
        if let logger {
            if report.cancelledEffects.isEmpty {
                logger.info("store shut down; every effect in flight finished")
            } else {
                logger.notice(
                    "store shut down; cancelled \(report.cancelledEffects.count) effect(s) still running after the deadline",
                    metadata: ["cancelled": .array(report.cancelledEffects.map { .string($0) })]
                )
            }
        }
        onShutdown(report)
    }

    /// Closes the store, waits at most `deadline` for its effects in flight, then cancels the rest.
    ///
    /// Usable without a service group (say, in a command-line tool's own shutdown path).
    ///
    /// - Parameters:
    ///   - store: The store to shut down.
    ///   - deadline: The longest wait for the effects in flight.
    /// - Returns: What happened.
    public static func shutDown(_ store: Store<State, Action>, deadline: Duration) async -> StoreShutdownReport {
        store.close()
        let clock = ContinuousClock()
        let start = clock.now
        if deadline > .zero {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await store.effectsSettled() }
                group.addTask { try? await Task.sleep(for: deadline, clock: clock) }
                // Whichever ends first (settled, or the deadline) ends the wait; the other is
                // cancelled (both return promptly when cancelled).
                _ = await group.next()
                group.cancelAll()
            }
        }
        let waited = clock.now - start
        let cancelled = store.cancelEffectsInFlight()
        return StoreShutdownReport(cancelledEffects: cancelled, waited: waited)
    }
}

/// What a store's graceful shutdown did (see ``StoreService``).
public struct StoreShutdownReport: Sendable, Hashable {
    /// The descriptions of the effects still running at the deadline, which were cancelled (an
    /// effect's name and, for a tracked action's effect, the action): empty when every effect
    /// finished in time.
    public var cancelledEffects: [String]
    /// How long the shutdown waited for the effects in flight.
    public var waited: Duration

    /// Whether every effect in flight finished before the deadline.
    public var finishedInTime: Bool { cancelledEffects.isEmpty }

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - cancelledEffects: The effects cancelled at the deadline.
    ///   - waited: How long the shutdown waited.
    public init(cancelledEffects: [String], waited: Duration) {
        self.cancelledEffects = cancelledEffects
        self.waited = waited
    }
}
