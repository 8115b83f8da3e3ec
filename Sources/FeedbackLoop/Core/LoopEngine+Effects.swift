public import StreamCore
public import Synchronization

/// The phases of an ``EffectRun`` (`UInt8` for the atomic).
@usableFromInline
enum EffectPhase {
    /// The effect is running: its events go to the loop.
    @usableFromInline static var live: UInt8 { 0 }
    /// The effect ended by itself; nothing more comes from it.
    @usableFromInline static var completed: UInt8 { 1 }
    /// The loop cancelled the effect (a new state, or disposal): its events are dropped.
    @usableFromInline static var cancelled: UInt8 { 2 }
}

/// The lifetime an ``EffectRun`` hands its effect's producer (the observer's `lifetime`): the
/// run's phase, and nothing else. Producers may keep an observer's lifetime after the
/// observation ended (``SerialObservation`` does, for `isDisposed`), so it references neither
/// the run nor the loop: a producer that keeps its observer after the loop is disposed keeps
/// this small object alive, not the loop.
@usableFromInline
final class EffectLifetime: Disposable, Sendable {
    @usableFromInline
    let phase = Atomic<UInt8>(EffectPhase.live)

    @usableFromInline
    init() {}

    /// Whether the effect was cancelled or ended: its producer may stop.
    @inlinable
    var isDisposed: Bool {
        phase.load(ordering: .acquiring) != EffectPhase.live
    }

    /// Does nothing: a lifetime is only read (the loop cancels the effect).
    @inlinable
    func dispose() {}
}

/// One per-state effect of a loop (a feedback with ``Feedback/perStateEffect``), run by the loop
/// engine itself: the effect's observer, its ``EffectLifetime`` and its producer's disposable.
///
/// The engine keeps one run per such feedback and starts each state's effect with it, in the
/// role holder's delivery of that state (``LoopEngine/startEffect(_:for:in:source:)``):
/// - A new state cancels the running effect first (`flatMapLatest`'s contract): ``cancel()``
///   raises the phase, so the effect's later events are dropped (checked before each one is
///   sent to the loop), and disposes what the effect's producer returned.
/// - An effect that ended by itself (``EffectPhase/completed``) and let go of its observer (the
///   run is uniquely referenced again) is not cancelled: its run is reset and reused for the
///   next state, so a synchronous effect (`Signal(just:)`) costs no allocation per state.
/// - The observer closure captures only the run, so it is the run itself (no closure context).
///
/// Events are sent to the loop through ``LoopEngine/send(_:from:)``, from any thread.
@usableFromInline
final class EffectRun<State: Sendable, Event: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `lifetime` is `Sendable` (an atomic); `startingThread` is atomic;
    // `inner` is a `LockedState`; `engine` and `source` are immutable; `mayHoldInner` is read
    // and written only by the loop's role holder.

    /// The run's phase, handed to the producer as the observer's lifetime.
    @usableFromInline
    let lifetime = EffectLifetime()
    /// The role holder's thread while it starts the effect (``LoopEngine/start(_:with:)``), else
    /// 0: an element sent on that thread then is the role holder's own answer, which it keeps
    /// for its next step without taking the loop's lock (as a `Feedback(reacting:)`'s answer).
    @usableFromInline
    let startingThread = Atomic<UInt>(0)
    /// What the effect's producer returned, while it runs (to dispose on cancellation).
    @usableFromInline
    let inner = LockedState<(any Disposable)?>(nil)
    /// Whether ``attach(_:)`` may have stored a disposable since the run was started. Role holder.
    @exclusivity(unchecked)
    @usableFromInline
    var mayHoldInner = false
    @usableFromInline
    let engine: LoopEngine<State, Event>
    @usableFromInline
    let source: Int

    @usableFromInline
    init(engine: LoopEngine<State, Event>, source: Int) {
        self.engine = engine
        self.source = source
    }

    /// The effect's observer: sends each element to the loop while the run is live.
    @inlinable
    func receive(_ event: Signal<Event, Never>.Event) {
        switch event {
        case .next(let element):
            if lifetime.phase.load(ordering: .acquiring) != EffectPhase.live { return }
            let starting = startingThread.load(ordering: .relaxed)
            if starting != 0, starting == ThreadIdentity.current {
                engine.answer(element, from: source)  // synchronously, inside `start`: role holder
            } else {
                engine.send(element, from: source)
            }
        case .completed:
            // Live → completed; a cancelled run stays cancelled.
            _ = lifetime.phase.compareExchange(expected: EffectPhase.live, desired: EffectPhase.completed, ordering: .acquiringAndReleasing)
        }
    }

    /// Keeps what the effect's producer returned, unless the effect already ended (then its
    /// producer released its resources) or was cancelled meanwhile (then it is disposed now).
    /// Role holder.
    @inlinable
    func attach(_ disposable: any Disposable) {
        if lifetime.phase.load(ordering: .acquiring) == EffectPhase.completed { return }
        mayHoldInner = true
        let rejected: Bool = inner.withLock { inner in
            if lifetime.phase.load(ordering: .acquiring) == EffectPhase.cancelled { return true }
            inner = disposable
            return false
        }
        if rejected { disposable.dispose() }
    }

    /// Makes an ended run live again for the next state's effect. Role holder, and only when
    /// nothing but the engine references the run (its last effect let go of the observer).
    ///
    /// - Returns: `false` if the run was cancelled meanwhile (the loop is being disposed).
    @inlinable
    func restart() -> Bool {
        guard lifetime.phase.compareExchange(expected: EffectPhase.completed, desired: EffectPhase.live, ordering: .acquiringAndReleasing).exchanged else {
            return false
        }
        if mayHoldInner {
            mayHoldInner = false
            let ended = inner.withLock { inner in
                defer { inner = nil }
                return inner
            }
            withExtendedLifetime(ended) {}  // released outside the lock
        }
        return true
    }

    /// Cancels the effect: no event of it reaches the loop after this returns (one that is being
    /// sent to the loop at this moment was accepted before), and its producer's disposable is
    /// disposed.
    @inlinable
    func cancel() {
        if lifetime.phase.exchange(EffectPhase.cancelled, ordering: .acquiringAndReleasing) == EffectPhase.cancelled { return }
        let disposable = inner.withLock { inner in
            defer { inner = nil }
            return inner
        }
        disposable?.dispose()
    }
}

/// Where the loop keeps one per-state feedback's current run.
///
/// Written only by the loop's role holder with the loop's mutex held (so that the loop's
/// `dispose()`, which reads it under the mutex, sees a whole value); the role holder reads it
/// without the mutex.
@usableFromInline
final class EffectSlot<State: Sendable, Event: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `run` follows the rule above (the loop's mutex and its role).
    @exclusivity(unchecked)
    @usableFromInline
    var run: EffectRun<State, Event>?

    @usableFromInline
    init() {}
}

extension LoopEngine {
    /// Starts `state`'s effect for the per-state feedback at `source`, after cancelling the
    /// previous one (`flatMapLatest`). Role holder only.
    ///
    /// - Parameter inEffectScope: ``EffectScope/isActive`` as the caller read it: a drain reads
    ///   it once for all its states (otherwise a thread-local read per effect).
    ///   The scope cannot change between two states of one drain: it is only ever set around a
    ///   call and restored when that call returns.
    @inlinable
    func startEffect(
        _ effect: @Sendable (State) -> Signal<Event, Never>?,
        for state: State,
        in slot: EffectSlot<State, Event>,
        source: Int,
        inEffectScope: Bool
    ) {
        // The last effect ended and let go of its observer (nothing but the slot references the
        // run): its run is reused, with no cancellation and no allocation.
        if isKnownUniquelyReferenced(&slot.run), let current = slot.run,
            current.lifetime.phase.load(ordering: .acquiring) == EffectPhase.completed
        {
            guard let signal = effect(state) else { return }
            if !current.restart() { return }  // cancelled meanwhile: the loop is being disposed
            start(signal, with: current, inEffectScope: inEffectScope)
            return
        }
        slot.run?.cancel()  // a new state cancels the running effect
        guard let signal = effect(state) else { return }
        let run = EffectRun(engine: self, source: source)
        let accepted: Bool = mutex.withLock {
            if role.isClosed { return false }
            slot.run = run
            return true
        }
        if !accepted { return }
        start(signal, with: run, inEffectScope: inEffectScope)
    }

    /// Observes the effect's signal with `run` as its observer and its lifetime.
    @inlinable
    func start(_ signal: Signal<Event, Never>, with run: EffectRun<State, Event>, inEffectScope: Bool) {
        run.startingThread.store(ThreadIdentity.current, ordering: .relaxed)
        let observer = Observer(lifetime: run.lifetime) { [run] event in run.receive(event) }
        // Counted as an effect of the store action being handled, if any (as the signal form is).
        // Two calls rather than one on a chosen signal: a copy of `signal` costs a retain.
        let disposable =
            if inEffectScope { signal.trackedAsEffect().subscribe(observer) } else { signal.subscribe(observer) }
        run.startingThread.store(0, ordering: .relaxed)
        run.attach(disposable)
    }

    /// Keeps an element a per-state effect sent synchronously while the role holder started it,
    /// for the role holder's next step (queued then, with the lock it takes anyway). Role holder.
    @inlinable
    func answer(_ element: Event, from source: Int) {
        flushAnswered()  // an earlier answer goes first
        answered = Queued(event: element, source: source)
    }

    /// The runs of the per-state feedbacks, taken out of their slots (which breaks the cycle
    /// run → loop). Mutex held, and no role holder (or the role holder stopping).
    @inlinable
    func takeRuns() -> [EffectRun<State, Event>] {
        var runs: [EffectRun<State, Event>] = []
        for slot in effectSlots {
            if let run = slot.run { runs.append(run) }
            slot.run = nil
        }
        return runs
    }

    /// The runs of the per-state feedbacks, left in their slots (a role holder is delivering and
    /// takes them when it stops). Mutex held.
    @inlinable
    func currentRuns() -> [EffectRun<State, Event>] {
        effectSlots.compactMap(\.run)
    }
}
