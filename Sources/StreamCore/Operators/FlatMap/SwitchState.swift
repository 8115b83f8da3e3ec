// Public so that the per-event path can be inlined (and specialized) into client modules.
public import Synchronization

/// The state of a `flatMapLatest` observation: the outer subscription and the one live inner.
///
/// Each inner observation is identified by its ``SwitchLink``; events of an inner that is no
/// longer the live one are refused, so nothing of a replaced inner reaches the downstream once
/// the switch happened, whichever thread it arrives on. Lives in a ``Junction``. Inlinable, like
/// `flatMapLatest`, so that the per-event path is specialized in the client module.
@usableFromInline
struct SwitchState<Inner: SignalProtocol, Failure: Swift.Error>: JunctionState {
    @usableFromInline typealias Link = SwitchLink<Inner, Failure>

    @usableFromInline var outer: (any Disposable)?
    /// The live inner's link; `nil` when no inner is running.
    @usableFromInline var link: Link?
    @usableFromInline var isOuterCompleted = false

    @inlinable
    init() {}

    /// Makes `link` the live inner; returns the previous one, to be retired after unlocking.
    @inlinable
    mutating func switchTo(_ link: Link) -> Link? {
        defer { self.link = link }
        return self.link
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
    /// link, to be retired after unlocking.
    @inlinable
    mutating func innerCompleted(_ link: Link, _ output: inout Signal<Inner.Element, Failure>.Event?) -> Link? {
        guard self.link === link else { return nil }
        self.link = nil
        if isOuterCompleted { output = .completed }
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
    @usableFromInline let replaced = Atomic<Bool>(false)
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
            let outer = self.subscribe(
                Observer(lifetime: junction) { event in
                    switch event {
                    case .next(let element):
                        let link = SwitchLink(junction: junction, innerError: innerError)
                        guard let previous = junction.update({ state, _ in state.switchTo(link) }) else { return }
                        previous?.retire()
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
