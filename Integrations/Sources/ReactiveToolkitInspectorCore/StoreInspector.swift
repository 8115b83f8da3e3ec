import Foundation
public import StoreKitLite
public import StreamCore
public import Synchronization

/// Records what a store (or a feedback loop) does, action by action, for a browser to inspect:
/// each action with its time, its outcome (reduced, refused, dropped or held by which
/// middleware), the reducer's duration and the state after it; and, for a store created for
/// development, travels in time: it makes the store show the state after any action, skips
/// actions and recomputes the later states with the reducer (Redux DevTools' "jump" and "skip").
///
/// Attach it to a store in one line, and serve it with `InspectorServer`
/// (ReactiveToolkitInspector):
///
/// ```swift
/// let inspector = StoreInspector<AppState, AppAction>(development: true)
/// let store = Store(initialState: AppState(), reducer: app, middleware: [auth], inspector: inspector)
/// ```
///
/// or to a feedback loop, by its reducer (read-only: a loop cannot travel in time):
///
/// ```swift
/// let states = Signal<Int, Never>.system(initial: 0, reducer: inspector.recording(counter), feedbacks: [tick])
/// ```
///
/// Cost: recording runs on the thread that reduces, takes one lock for a few instructions and
/// keeps the action and the state the store already has (a reference, no copy, no encoding);
/// nothing is described or encoded until a browser asks. Keeping the state after each action
/// means a reducer that changes a collection in place copies it once per action while the
/// inspector keeps the older state. The history keeps ``InspectorOptions/maximumActions``
/// actions within ``InspectorOptions/maximumRecordedBytes`` (as counted: see
/// ``InspectorOptions``); older ones are dropped, and counted.
///
/// Attached to a store, it also keeps the store's effects timeline: which effects each action
/// started (by name), when each finished, failed or was cancelled, and what they sent back
/// (StoreKitLite's `observeEffectEvents`), at most ``InspectorOptions/maximumEffects``.
public final class StoreInspector<State: Sendable, Action: Sendable>: Sendable {
    /// What is kept and hidden.
    public let options: InspectorOptions
    @usableFromInline let history: LockedBox<InspectorHistory<State, Action>>
    /// The effects timeline (its own lock: effect events never wait for a record, nor the reverse).
    let timeline: LockedBox<EffectTimeline<Action>>
    /// The extra bytes a record holds (the user's measure), if records are measured.
    @usableFromInline let measure: (@Sendable (Action, State?) -> Int)?
    /// The time-travel control of a store created for development, `nil` otherwise.
    @usableFromInline let timeTravel: TimeTravel<State, Action>?
    /// What the store attachment provides: the store, the user's reducer, a decoder.
    let attachment = LockedBox(InspectorAttachment<State, Action>())
    /// Whether a time-travel operation is running (they run one at a time).
    let operating = Atomic<Bool>(false)
    /// Nanoseconds to add to the monotonic clock to get nanoseconds since 1970.
    @usableFromInline let epochOffset: UInt64

    /// Creates an inspector.
    ///
    /// ```swift
    /// // Count each order's lines, beyond the record's slot (an estimate of the heap memory).
    /// let inspector = StoreInspector<Orders, OrderAction>(
    ///     options: InspectorOptions(maximumRecordedBytes: 64 << 20),
    ///     measure: { action, state in 64 * (state?.orders.count ?? 0) })
    /// ```
    ///
    /// - Parameters:
    ///   - options: What to keep and hide.
    ///   - development: Whether the store it is attached to may be made to travel in time (the
    ///     store is then created with a `TimeTravel` control: actions sent while it shows the
    ///     past wait). `false`: the inspector is read-only.
    ///   - measure: The bytes each recorded action holds beyond its slot, counted against
    ///     ``InspectorOptions/maximumRecordedBytes``: its action, and the state after it (`nil`
    ///     for an action that did not reach the reducer). Called for each recorded action on the
    ///     thread that records it, outside the inspector's lock; keep it quick (it runs on every
    ///     dispatch). `nil` (the default): only the slots are counted.
    public init(
        options: InspectorOptions = InspectorOptions(), development: Bool = false,
        measure: (@Sendable (_ action: Action, _ state: State?) -> Int)? = nil
    ) {
        self.options = options
        self.measure = measure
        // Without a measure every record counts its slot only: the byte bound is a count bound.
        let slot = MemoryLayout<InspectedRecord<State, Action>>.stride
        let capacity = measure == nil ? min(options.maximumActions, max(1, options.maximumRecordedBytes / slot)) : options.maximumActions
        var history = InspectorHistory<State, Action>(capacity: capacity, measured: measure != nil)
        history.byteBudget = options.maximumRecordedBytes
        self.history = LockedBox(history)
        timeline = LockedBox(EffectTimeline(capacity: options.maximumEffects))
        timeTravel = development ? TimeTravel() : nil
        epochOffset = Self.wallNanoseconds() &- MonotonicClock.nanoseconds()
    }

    /// The bytes one record's slot takes (`MemoryLayout` stride of a record).
    public var recordSlotBytes: Int {
        MemoryLayout<InspectedRecord<State, Action>>.stride
    }

    /// Whether the inspector may travel in time and dispatch (attached to a store created for
    /// development).
    public var isDevelopment: Bool { timeTravel != nil }

    /// A reducer that does what `reducer` does and records each call: the action, the state
    /// after it, whether it was refused and how long it took. The one line that attaches the
    /// inspector to a feedback loop (`Signal.system`, `Spin`), and what the store attachment
    /// uses.
    ///
    /// ```swift
    /// let states = Signal<Int, Never>.system(initial: 0, reducer: inspector.recording(counter), feedbacks: [tick])
    /// ```
    ///
    /// The first call's state is taken as the initial state, when none is known yet.
    ///
    /// - Parameter reducer: The reducer.
    /// - Returns: The recording reducer.
    @inlinable
    public func recording(_ reducer: Reducer<State, Action>) -> Reducer<State, Action> {
        remember(reducer)
        let started = Atomic<Bool>(false)
        return Reducer(mutating: { [self] state, action throws(StoreError) in
            if !started.load(ordering: .relaxed) {
                started.store(true, ordering: .relaxed)
                noteInitialState(state)
            }
            try reduceRecording(&state, action, with: reducer)
        })
    }

    /// ``recording(_:)`` for a store, whose initial state the attachment gives (no first-call
    /// check).
    @inlinable
    func recordingStore(_ reducer: Reducer<State, Action>, initialState: State) -> Reducer<State, Action> {
        remember(reducer)
        noteInitialState(initialState)
        guard measure == nil, timeTravel == nil else {
            // Measured records, or a development store (whose installs count in the store's
            // update numbers): the general path.
            return Reducer(mutating: { [self] state, action throws(StoreError) in
                try reduceRecordingGenerally(&state, action, with: reducer)
            })
        }
        return Reducer(mutating: { [self] state, action throws(StoreError) in
            try reduceRecording(&state, action, with: reducer)
        })
    }

    /// Runs the reducer, timing it, and records the action with its outcome and the state after.
    @inlinable
    func reduceRecording(_ state: inout State, _ action: Action, with reducer: Reducer<State, Action>) throws(StoreError) {
        let begin = MonotonicClock.nanoseconds()
        do throws(StoreError) {
            try reducer(&state, action)
        } catch {
            let end = MonotonicClock.nanoseconds()
            record(OutcomeNote(.refused(error)), action: action, state: state, at: end, nanoseconds: end &- begin)
            throw error
        }
        let end = MonotonicClock.nanoseconds()
        record(nil, action: action, state: state, at: end, nanoseconds: end &- begin)
    }

    /// ``reduceRecording(_:_:with:)`` for measured records and development stores: the store's
    /// installed states counted, each record measured.
    @inlinable
    func reduceRecordingGenerally(_ state: inout State, _ action: Action, with reducer: Reducer<State, Action>) throws(StoreError) {
        // Installs run on the dispatch role too, so the count read here is exact.
        let installs = timeTravel?.installCount ?? 0
        let begin = MonotonicClock.nanoseconds()
        var refusal: StoreError?
        do throws(StoreError) {
            try reducer(&state, action)
        } catch {
            refusal = error
        }
        let end = MonotonicClock.nanoseconds()
        recordGenerally(
            refusal.map { OutcomeNote(.refused($0)) }, action: action, state: state, at: end, nanoseconds: end &- begin,
            installs: installs)
        if let refusal { throw refusal }
    }

    /// Appends a record on the general path: measured, with the installs before it, or stopped
    /// by a middleware (`stopped`).
    @inlinable
    func recordGenerally(
        _ note: OutcomeNote?, action: Action, state: State?, at uptime: UInt64, nanoseconds: UInt64, installs: Int? = nil,
        stopped: Bool = false
    ) {
        let size = measure.map { MemoryLayout<InspectedRecord<State, Action>>.stride + max(0, $0(action, state)) }
        var entry = InspectedRecord(time: epochOffset &+ uptime, outcome: note, action: action, state: state, nanoseconds: nanoseconds)
        var spare: State?
        var released: [InspectedRecord<State, Action>] = []
        var spares: [State] = []
        history.withLock { history in
            if let installs { history.noteInstalls(installs, before: history.nextIndex) }
            if stopped { history.noteStopped(history.nextIndex) }
            if let size {
                history.appendMeasured(&entry, size: size, released: &released, spares: &spares)
            } else {
                history.append(&entry, spare: &spare)
            }
        }
        // `entry`, `spare`, `released` and `spares` go here, unlocked.
    }

    /// The middleware, each reporting the actions it drops or holds back to the inspector
    /// under its name (`names[i]`, or `middleware #i+1`).
    ///
    /// - Parameters:
    ///   - middleware: The store's middleware.
    ///   - names: Their names, in order.
    /// - Returns: The reporting middleware, in the same order.
    public func instrumenting(_ middleware: [Middleware<State, Action>], names: [String] = []) -> [Middleware<State, Action>] {
        middleware.enumerated().map { index, middleware in
            let name = index < names.count ? names[index] : "middleware #\(index + 1)"
            return middleware.reportingStops { [self] action, held in
                recordGenerally(
                    OutcomeNote(held ? .held(middleware: name) : .dropped(middleware: name)), action: action, state: nil,
                    at: MonotonicClock.nanoseconds(), nanoseconds: 0, stopped: true)
            }
        }
    }

    /// Keeps the user's reducer, to recompute states without skipped actions (the first one).
    @usableFromInline
    func remember(_ reducer: Reducer<State, Action>) {
        attachment.withLock { if $0.reducer == nil { $0.reducer = reducer } }
    }

    /// Takes `state` as the initial state if none is known yet (a loop's first reducer call).
    @usableFromInline
    func noteInitialState(_ state: State) {
        history.withLock { _ = $0.setBaseIfUnknown(state) }
    }

    /// Appends a record; what it pushes out is released after unlocking.
    @inlinable
    func record(_ note: OutcomeNote?, action: Action, state: State?, at uptime: UInt64, nanoseconds: UInt64) {
        var entry = InspectedRecord(time: epochOffset &+ uptime, outcome: note, action: action, state: state, nanoseconds: nanoseconds)
        var spare: State?
        history.withLock { $0.append(&entry, spare: &spare) }
        // `entry` (the record pushed out, or a copy of the new one) and `spare` go here, unlocked.
    }

    /// Binds the inspector to the store it records (the store's convenience initializer).
    @usableFromInline
    func attach(store: Store<State, Action>, initialState: State, decode: (@Sendable (String) throws -> Action)?) {
        let replaced: InspectorAttachment<State, Action>? = attachment.withLock { attachment in
            guard attachment.store == nil else { return nil }
            let old = attachment
            attachment.store = store
            attachment.decode = decode
            return old
        }
        guard replaced != nil else { return }
        history.withLock { _ = $0.setBaseIfUnknown(initialState) }
        // The effects timeline. The store keeps the observer (it holds this inspector weakly).
        store.observeEffectEvents { [weak self] event in self?.note(event) }
    }

    /// The wall clock in nanoseconds since 1970.
    private static func wallNanoseconds() -> UInt64 {
        UInt64(max(0, Date().timeIntervalSince1970 * 1_000_000_000))
    }
}

/// What the store attachment gives the inspector.
struct InspectorAttachment<State: Sendable, Action: Sendable>: Sendable {
    weak var store: Store<State, Action>?
    var reducer: Reducer<State, Action>?
    var decode: (@Sendable (String) throws -> Action)?
}
