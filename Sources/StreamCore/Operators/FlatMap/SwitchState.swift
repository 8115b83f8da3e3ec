// Public so that the per-event path can be inlined (and specialized) into client modules.
public import Synchronization

/// The state of a `flatMapLatest` observation: the outer subscription and the one live inner.
///
/// Each inner observation is identified by its ``SwitchLink``; events of an inner that is no
/// longer the live one are refused, so nothing of a replaced inner reaches the downstream once
/// the switch happened, whichever thread it arrives on. Lives in a ``Junction``. Inlinable, like
/// `flatMapLatest`, so that the per-event path is specialized in the client module.
///
/// The link of an inner that completed is kept as a spare, and becomes the next inner's link if
/// nothing else holds it any more (its producer let go of its observer) and its retirement
/// finished: an inner that completes synchronously, such as `just`, costs the operator no
/// allocation.
@usableFromInline
struct SwitchState<Inner: SignalProtocol, Failure: Swift.Error>: JunctionState {
    @usableFromInline typealias Link = SwitchLink<Inner, Failure>

    @usableFromInline var outer: (any Disposable)?
    /// The live inner's link; `nil` when no inner is running.
    @usableFromInline var link: Link?
    /// The link of the last inner that completed, for the next inner if nothing else holds it.
    @usableFromInline var spare: Link?
    @usableFromInline var isOuterCompleted = false

    @inlinable
    init() {}

    /// What ``switchToSpare()`` did.
    @usableFromInline
    enum SpareSwitch {
        /// The spare is the live link now; `previous` is to be retired after unlocking.
        case switched(link: Link, previous: Link?)
        /// No spare could be reused and nothing changed: the caller makes a link (outside the
        /// lock) and switches to it with ``switchTo(_:)``.
        case noSpare
    }

    /// Makes the spare the live inner link if it can be reused.
    ///
    /// The spare is reused only when it is uniquely referenced — no producer kept its observer,
    /// so nothing can reach it but this state — and its retirement finished (an acquiring load
    /// that pairs with `retire()`'s last store). It then reads as live again. A spare that
    /// cannot be reused is released here: a retired link's deinit releases only the junction and
    /// the operator's own error closure (its inner's disposable was taken by `retire()`), so it
    /// runs no user code under the lock.
    ///
    /// Two steps rather than one that also makes the new link: making one needs the junction and
    /// the error closure, and capturing them in the update's closure retained and released both
    /// per switch (W5), where reusing the spare needs neither. The switch happens in whichever
    /// critical section installs the link, so the order of events is the same either way.
    @inlinable
    mutating func switchToSpare() -> SpareSwitch {
        // Read and tested in place: binding the spare would add the reference that makes it
        // look shared.
        if spare?.isRetired.load(ordering: .acquiring) == true, isKnownUniquelyReferenced(&spare) {
            spare.unsafelyUnwrapped.isRetired.store(false, ordering: .relaxed)
            spare.unsafelyUnwrapped.replaced.store(false, ordering: .relaxed)
            let previous = link.take()
            let reused = spare.take().unsafelyUnwrapped
            link = reused
            return .switched(link: reused, previous: previous)
        }
        spare = nil
        return .noSpare
    }

    /// Makes `next` (a new link) the live inner link and returns the previous one, to be retired
    /// after unlocking.
    @inlinable
    mutating func switchTo(_ next: Link) -> Link? {
        let previous = link.take()
        link = next
        return previous
    }

    /// Stores the disposable of the inner observed through `link`; `false` if that inner is no
    /// longer live (it ended, or was replaced), in which case the caller disposes it.
    @inlinable
    mutating func attach(_ disposable: any Disposable, to link: Link) -> Bool {
        guard self.link === link else { return false }
        link.inner = disposable
        return true
    }

    /// The live inner completed: completes the output if the outer completed too. Returns the
    /// link, to be retired after unlocking; it is kept as the spare. Usually there is none yet
    /// (every switch takes the spare, and only the live link completes); there is one when the
    /// live inner completed between the two steps of a switch that made a new link, which
    /// completes before this one: the newer link replaces it. The one replaced is released here,
    /// under the lock, which runs no user code: its retirement was left to the thread that
    /// completed it, which holds it until then (see ``switchToSpare()``).
    @inlinable
    mutating func innerCompleted(_ link: Link, _ output: inout Signal<Inner.Element, Failure>.Event?) -> Link? {
        guard self.link === link else { return nil }
        self.link = nil
        if isOuterCompleted { output = .completed }
        spare = link
        return link
    }

    /// The outer completed: completes the output unless an inner is still running.
    @inlinable
    mutating func outerCompleted(_ output: inout Signal<Inner.Element, Failure>.Event?) {
        isOuterCompleted = true
        if link == nil { output = .completed }
    }

    @inlinable
    mutating func detach() -> Self {
        defer { self = Self() }
        return self
    }

    @inlinable
    func disposeUpstreams() {
        outer?.dispose()
        link?.retire()
    }
}

/// One inner observation of `flatMapLatest`: its observer's target and its lifetime.
///
/// The lifetime ends when the inner is replaced (``retire()``) or when the whole observation ends,
/// so that an inner producer that polls its observer stops as soon as it is switched away from.
/// The inner observer captures only the link, so observing an inner allocates nothing more.
@usableFromInline
final class SwitchLink<Inner: SignalProtocol, Failure: Swift.Error>: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `inner` follows the rule written on it; everything else is immutable
    // or atomic.
    @usableFromInline typealias Output = Junction<SwitchState<Inner, Failure>, Inner.Element, Failure>

    @usableFromInline let junction: Output
    @usableFromInline let innerError: @Sendable (Inner.Error) -> Failure
    /// Whether this inner was replaced or ended: its lifetime reads as disposed. Back to `false`
    /// only when the link is reused (uniquely referenced, so nobody can read it meanwhile).
    @usableFromInline let replaced = Atomic<Bool>(false)
    /// Whether ``retire()`` finished (its releasing store is its last access to `inner`), so the
    /// link may be reused for another inner.
    @usableFromInline let isRetired = Atomic<Bool>(false)
    /// The inner's disposable. Written only under the junction's lock while this link is live;
    /// read by the thread that made it not live (under that lock), after unlocking.
    @exclusivity(unchecked)
    @usableFromInline var inner: (any Disposable)?

    @inlinable
    init(junction: Output, innerError: @escaping @Sendable (Inner.Error) -> Failure) {
        self.junction = junction
        self.innerError = innerError
    }

    /// Passes on an event of the inner if it is still the live one.
    @inlinable
    func receive(_ event: Signal<Inner.Element, Inner.Error>.Event) {
        let retired = junction.update { state, output -> Link? in
            guard state.link === self else { return nil }
            switch event {
            case .next(let element): output = .next(element)
            case .failed(let error): output = .failed(innerError(error))
            case .completed: return state.innerCompleted(self, &output)
            }
            return nil
        }
        if let retired = retired ?? nil { retired.retire() }
    }

    @usableFromInline typealias Link = SwitchLink<Inner, Failure>

    /// Ends this inner: its lifetime reads as disposed and its disposable is disposed.
    @inlinable
    func retire() {
        replaced.store(true, ordering: .releasing)
        inner?.dispose()
        inner = nil
        isRetired.store(true, ordering: .releasing)
    }

    /// Retires the inner (the lifetime's disposal).
    @inlinable
    func dispose() {
        replaced.store(true, ordering: .releasing)
    }

    @inlinable
    var isDisposed: Bool {
        replaced.load(ordering: .acquiring) || junction.isDisposed
    }
}

/// What the outer observer of a `flatMapLatest` holds: the junction, and, when the observer is
/// released (the outer source ended, was disposed, or let go of its observers), the release of
/// the switch state's spare link.
///
/// The spare references the junction, which references the spare through its state: a cycle
/// that a terminal event or a disposal breaks (they detach the state), but that an observation
/// nobody disposes, whose outer source simply goes away (a subject deallocated), would keep
/// forever. Once the outer observer is gone no switch can come, so the spare is dropped then.
@usableFromInline
final class SwitchOuter<Inner: SignalProtocol, Failure: Swift.Error>: Sendable {
    @usableFromInline let junction: Junction<SwitchState<Inner, Failure>, Inner.Element, Failure>

    @inlinable
    init(_ junction: Junction<SwitchState<Inner, Failure>, Inner.Element, Failure>) {
        self.junction = junction
    }

    deinit {
        let spare = junction.update { state, _ in state.spare.take() }
        _ = spare  // released here, outside the lock
    }
}

extension SignalProtocol {
    /// The engine behind every `flatMapLatest` overload: maps each element to an inner signal,
    /// observes only the latest, and lifts both error types into `Failure`.
    @inlinable
    func switchToLatest<Inner: SignalProtocol, Failure: Swift.Error>(
        _ transform: @escaping @Sendable (Element) -> Inner,
        outerError: @escaping @Sendable (Error) -> Failure,
        innerError: @escaping @Sendable (Inner.Error) -> Failure
    ) -> Signal<Inner.Element, Failure> {
        Signal.trusted({ observer in
            let junction = Junction(SwitchState<Inner, Failure>(), downstream: observer)
            let owner = SwitchOuter(junction)
            let outer = self.subscribe(
                Observer(lifetime: junction) { event in
                    let junction = owner.junction
                    switch event {
                    case .next(let element):
                        guard let switched = junction.update({ state, _ in state.switchToSpare() }) else { return }
                        let link: SwitchLink<Inner, Failure>
                        switch switched {
                        case .switched(let reused, let previous):
                            link = reused
                            previous?.retire()
                        case .noSpare:
                            link = SwitchLink(junction: junction, innerError: innerError)
                            guard let previous = junction.update({ state, _ in state.switchTo(link) }) else { return }
                            previous?.retire()
                        }
                        let inner = transform(element).subscribe(
                            Observer(lifetime: link) { [link] event in
                                link.receive(event)
                            })
                        // A finished inner (such as `just`) returns an already-disposed disposable.
                        if inner.isDisposed { return }
                        if junction.update({ state, _ in state.attach(inner, to: link) }) != true { inner.dispose() }
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
