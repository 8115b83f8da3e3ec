public import CoreMetrics
import Foundation
public import StoreKitLite
public import StreamCore

/// swift-metrics instrumentation for a store: counters for the actions it receives, reduces and
/// refuses, a timer per effect, and gauges for the toolkit's live resources and the effects in
/// flight.
///
/// ```swift
/// let metrics = StoreMetrics<Orders, OrderAction>(label: "orders")
/// let store = Store(
///     initialState: Orders(), reducer: orders,
///     middleware: [metrics.middleware],          // first: counts every action received
///     observers: [metrics]                       // counts reduced and refused actions
/// )
/// let effects = metrics.observeEffects(of: store)   // times each effect, samples the gauges
/// ```
///
/// Metrics (label prefix `label`, `reactive_toolkit_store` by default):
/// - `<label>_actions_received` (counter): actions that entered the middleware chain;
/// - `<label>_actions` (counter, dimension `result`: `reduced` or `refused`, and for refused
///   actions `error`: the `StoreError` case): actions the reducer processed; received minus
///   these is what middleware dropped or still holds;
/// - `<label>_effect_duration` (timer, dimension `effect`: the effect's name or `unnamed`): each
///   effect in flight, from start to end or cancellation;
/// - `<label>_effects_in_flight` (gauge) and `reactive_toolkit_live_resources` (gauge,
///   dimension `kind`: `observations`, `subjectObservers`, `stores`, `effects`, `loops`):
///   sampled by ``sampleGauges()``, which ``observeEffects(of:)`` calls as each effect ends, and
///   ``sampleGauges(every:)`` periodically. StreamCore counts live resources in debug builds only
///   (`Resources.isCounting`); in release builds those gauges read 0.
///
/// Counting is a few atomic additions in the backend per action; nothing is formatted. Names
/// are the only dimension values taken from user code: keep effect names low-cardinality.
public final class StoreMetrics<State: Sendable, Action: Sendable>: ObservingMiddleware {
    /// The metrics' label prefix.
    public let label: String
    /// Keeps the observation of the store alive as long as the metrics.
    public let disposeBag = DisposeBag()
    private let factory: any MetricsFactory
    private let received: Counter
    private let reduced: Counter
    private let refused: [String: Counter]
    private let effectsInFlight: Gauge
    private let resources: [Resources.Kind: Gauge]
    private let timers = TimerCache()
    /// The store whose effects are observed, for the in-flight gauge (weak: metrics never keep
    /// a store alive).
    private let observed = WeakStore<State, Action>()

    /// Creates the metrics.
    ///
    /// - Parameters:
    ///   - label: The label prefix.
    ///   - factory: The metrics backend; the one bootstrapped in `MetricsSystem` by default.
    public init(label: String = "reactive_toolkit_store", factory: any MetricsFactory = MetricsSystem.factory) {
        self.label = label
        self.factory = factory
        received = Counter(label: "\(label)_actions_received", dimensions: [], factory: factory)
        reduced = Counter(label: "\(label)_actions", dimensions: [("result", "reduced")], factory: factory)
        var refused: [String: Counter] = [:]
        for errorCase in ["rejected", "substateNotRegistered", "droppedByMiddleware", "storeClosed"] {
            refused[errorCase] = Counter(
                label: "\(label)_actions", dimensions: [("result", "refused"), ("error", errorCase)], factory: factory
            )
        }
        self.refused = refused
        effectsInFlight = Gauge(label: "\(label)_effects_in_flight", dimensions: [], factory: factory)
        resources = Dictionary(uniqueKeysWithValues: Resources.Kind.allCases.map { kind in
            (kind, Gauge(label: "reactive_toolkit_live_resources", dimensions: [("kind", kind.rawValue)], factory: factory))
        })
    }

    /// A middleware that counts every action it sees in `<label>_actions_received` and passes it
    /// on; put it first in the store's middleware.
    public var middleware: Middleware<State, Action> {
        let received = self.received
        return Middleware { action, _ in
            received.increment()
            return action
        }
    }

    /// Counts the store's reduced and refused actions.
    ///
    /// - Parameter currentStateLastAction: The store's updates.
    public func observe(currentStateLastAction: Signal<StoreUpdate<State, Action>, Never>) {
        let (reduced, refused) = (self.reduced, self.refused)
        currentStateLastAction
            .observeNext { update in
                guard update.lastAction != nil else { return }   // the initial state
                if let error = update.error {
                    refused[Self.errorCase(error)]?.increment()
                } else {
                    reduced.increment()
                }
            }
            .dispose(in: disposeBag)
    }

    /// Records each effect of `store` that ends in `<label>_effect_duration` (and samples the
    /// gauges), until the returned disposable is disposed.
    ///
    /// - Parameter store: The store (usually the one these metrics observe).
    /// - Returns: A disposable that stops recording.
    @discardableResult
    public func observeEffects(of store: Store<State, Action>) -> any Disposable {
        observed.store = store
        let (timers, factory, label) = (self.timers, self.factory, self.label)
        return store.observeFinishedEffects { [weak self] effect in
            let timer = timers.timer(named: effect.name ?? "unnamed") { name in
                CoreMetrics.Timer(label: "\(label)_effect_duration", dimensions: [("effect", name)], factory: factory)
            }
            timer.recordNanoseconds(Self.nanoseconds(effect.duration))
            self?.sampleGauges()
        }
    }

    /// Records the current values of the gauges: the effects in flight of the observed store,
    /// and StreamCore's live resource counts.
    public func sampleGauges() {
        if let store = observed.store { effectsInFlight.record(store.effectsInFlight.count) }
        for (kind, gauge) in resources { gauge.record(Resources.liveCount(of: kind)) }
    }

    /// Samples the gauges every `interval` until the calling task is cancelled (run it in a
    /// service group or a task of its own).
    ///
    /// - Parameter interval: The time between samples.
    public func sampleGauges(every interval: Duration) async {
        while !Task.isCancelled {
            sampleGauges()
            do { try await Task.sleep(for: interval) } catch { return }
        }
    }

    private static func errorCase(_ error: StoreError) -> String {
        switch error {
        case .rejected: "rejected"
        case .refused: "refused"
        case .cancelled: "cancelled"
        case .deadlineExceeded: "deadlineExceeded"
        case .substateNotRegistered: "substateNotRegistered"
        case .droppedByMiddleware: "droppedByMiddleware"
        case .storeClosed: "storeClosed"
        case .queueFull: "queueFull"
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        guard seconds < Int64.max / 1_000_000_000 - 1 else { return .max }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// One timer per effect name, made on first use.
final class TimerCache: @unchecked Sendable {
    // @unchecked Sendable: `timers` is only touched with `lock` held (NSLock, which TSan
    // understands). The backend's factory runs outside the lock.
    private let lock = NSLock()
    private var timers: [String: CoreMetrics.Timer] = [:]

    func timer(named name: String, make: (String) -> CoreMetrics.Timer) -> CoreMetrics.Timer {
        lock.lock()
        let existing = timers[name]
        lock.unlock()
        if let existing { return existing }
        let made = make(name)
        lock.lock()
        defer { lock.unlock() }
        if let raced = timers[name] { return raced }   // another thread made it first
        timers[name] = made
        return made
    }
}

/// A weak reference to a store, set once an effect observation starts.
final class WeakStore<State: Sendable, Action: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `reference` is only touched with `lock` held (NSLock).
    private let lock = NSLock()
    private weak var reference: Store<State, Action>?

    var store: Store<State, Action>? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return reference
        }
        set {
            lock.lock()
            reference = newValue
            lock.unlock()
        }
    }
}
