import Synchronization

/// The state of a `flatMapLatest` observation: the outer subscription and the one live inner.
///
/// Each inner observation is identified by its ``SwitchLink``; events of an inner that is no
/// longer the live one are refused, so nothing of a replaced inner reaches the downstream once
/// the switch happened, whichever thread it arrives on. Lives in a ``Junction``.
struct SwitchState: JunctionState {
    /// What a switch or an inner's end leaves to dispose or release after unlocking.
    struct Retired {
        var link: SwitchLink?
        var inner: (any Disposable)?

        func dispose() {
            link?.dispose()
            inner?.dispose()
        }
    }

    var outer: (any Disposable)?
    /// The live inner's link; `nil` when no inner is running.
    var link: SwitchLink?
    /// The live inner's disposable, once its `subscribe` returned.
    var inner: (any Disposable)?
    var isOuterCompleted = false

    /// Makes `link` the live inner; returns the previous one, to be disposed after unlocking.
    mutating func switchTo(_ link: SwitchLink) -> Retired {
        defer {
            self.link = link
            inner = nil
        }
        return Retired(link: self.link, inner: inner)
    }

    /// Stores the disposable of the inner observed through `link`; `false` if that inner is no
    /// longer live (it ended, or was replaced), in which case the caller disposes it.
    mutating func attach(_ disposable: any Disposable, to link: SwitchLink) -> Bool {
        guard self.link === link else { return false }
        inner = disposable
        return true
    }

    /// Whether `link` identifies the live inner.
    func isLive(_ link: SwitchLink) -> Bool {
        self.link === link
    }

    /// The live inner completed: completes the output if the outer completed too.
    mutating func innerCompleted<Element, Failure>(
        _ link: SwitchLink,
        _ output: inout Signal<Element, Failure>.Event?
    ) -> Retired {
        guard self.link === link else { return Retired() }
        defer {
            self.link = nil
            inner = nil
        }
        if isOuterCompleted { output = .completed }
        return Retired(link: self.link, inner: inner)
    }

    /// The outer completed: completes the output unless an inner is still running.
    mutating func outerCompleted<Element, Failure>(_ output: inout Signal<Element, Failure>.Event?) {
        isOuterCompleted = true
        if link == nil { output = .completed }
    }

    mutating func detach() -> Self {
        defer { self = Self() }
        return self
    }

    func disposeUpstreams() {
        outer?.dispose()
        Retired(link: link, inner: inner).dispose()
    }
}

/// The lifetime handed to one inner observation of `flatMapLatest`: it ends when the inner is
/// replaced (``dispose()``) or when the whole observation ends, so that a synchronous inner
/// producer stops as soon as it is switched away from.
final class SwitchLink: Disposable {
    private let replaced = Atomic<Bool>(false)
    private let parent: any Disposable

    init(parent: any Disposable) {
        self.parent = parent
    }

    /// Marks the inner as replaced (the inner's own disposable is disposed separately).
    func dispose() {
        replaced.store(true, ordering: .releasing)
    }

    var isDisposed: Bool {
        replaced.load(ordering: .acquiring) || parent.isDisposed
    }
}

extension SignalProtocol {
    /// The engine behind every `flatMapLatest` overload: maps each element to an inner signal,
    /// observes only the latest, and lifts both error types into `Failure`.
    func switchToLatest<Inner: SignalProtocol, Failure: Swift.Error>(
        _ transform: @escaping @Sendable (Element) -> Inner,
        outerError: @escaping @Sendable (Error) -> Failure,
        innerError: @escaping @Sendable (Inner.Error) -> Failure
    ) -> Signal<Inner.Element, Failure> {
        Signal(trusted: { observer in
            let junction = Junction(SwitchState(), downstream: observer)
            let outer = self.subscribe(Observer(lifetime: junction) { event in
                switch event {
                case .next(let element):
                    let link = SwitchLink(parent: junction)
                    guard let retired = junction.update({ state, _ in state.switchTo(link) }) else { return }
                    retired.dispose()
                    let inner = transform(element).subscribe(Observer(lifetime: link) { event in
                        let retired = junction.update { state, output in
                            guard state.isLive(link) else { return SwitchState.Retired() }
                            switch event {
                            case .next(let element): output = .next(element)
                            case .failed(let error): output = .failed(innerError(error))
                            case .completed: return state.innerCompleted(link, &output)
                            }
                            return SwitchState.Retired()
                        }
                        _ = retired
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
