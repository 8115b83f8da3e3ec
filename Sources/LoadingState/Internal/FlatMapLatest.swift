import StreamCore

/// The per-observation bookkeeping of `switchToLatest(_:)`.
struct LatestInnerState {
    /// Increases with every outer element; an inner signal only forwards while it is current.
    var generation = 0
    var innerIsActive = false
    var outerIsDone = false
}

extension SignalProtocol {
    /// Maps each element to a signal and forwards the events of the most recent one only
    /// (`flatMapLatest`), completing when the outer signal and the current inner signal have
    /// completed. A private copy until StreamCore ships `flatMapLatest`.
    ///
    /// Events reach the downstream through the guarded `Signal` initializer, which serializes the
    /// inner and outer senders; no user code runs under `state`'s lock. An inner event is
    /// forwarded only while its inner signal is current; one that a replaced inner signal sends
    /// on another thread at the very moment of the switch may still slip through (the check and
    /// the forward are not atomic, as in Rx's `switchLatest`), never after the whole observation
    /// is disposed.
    func switchToLatest<U>(_ transform: @escaping @Sendable (Element) -> Signal<U, Error>) -> Signal<U, Error> {
        Signal<U, Error> { observer in
            let state = LockedState(LatestInnerState())
            let outer = SerialDisposable()
            let inner = SerialDisposable()
            outer.otherDisposable = self.observe { event in
                switch event {
                case .next(let element):
                    // Outer events are serial, so only this handler changes `inner` and `generation`.
                    let id = state.withLock { state -> Int in
                        state.generation += 1
                        state.innerIsActive = true
                        return state.generation
                    }
                    inner.otherDisposable = nil
                    let signal = transform(element)
                    let isCurrent: @Sendable () -> Bool = { state.withLock { $0.generation == id } }
                    inner.otherDisposable = signal.observe { innerEvent in
                        switch innerEvent {
                        case .next(let value):
                            if isCurrent() { observer.receive(value) }
                        case .failed(let error):
                            if isCurrent() { observer.on(.failed(error)) }
                        case .completed:
                            let finished = state.withLock { state -> Bool in
                                guard state.generation == id else { return false }
                                state.innerIsActive = false
                                return state.outerIsDone
                            }
                            if finished { observer.on(.completed) }
                        }
                    }
                case .failed(let error):
                    observer.on(.failed(error))
                case .completed:
                    let finished = state.withLock { state -> Bool in
                        state.outerIsDone = true
                        return !state.innerIsActive
                    }
                    if finished { observer.on(.completed) }
                }
            }
            return CompositeDisposable([outer, inner])
        }
    }

    /// Replaces a failure with the signal that `recover` returns for the error (`flatMapError`).
    func recover<NewError>(
        _ recover: @escaping @Sendable (Error) -> Signal<Element, NewError>
    ) -> Signal<Element, NewError> {
        Signal<Element, NewError> { observer in
            let upstream = SerialDisposable()
            let recovery = SerialDisposable()
            upstream.otherDisposable = self.observe { event in
                switch event {
                case .next(let element): observer.receive(element)
                case .completed: observer.on(.completed)
                case .failed(let error):
                    recovery.otherDisposable = recover(error).observe { observer.on($0) }
                }
            }
            return CompositeDisposable([upstream, recovery])
        }
    }

    /// Maps each element with a throwing transform; a thrown error fails the signal.
    func tryMap<U>(_ transform: @escaping @Sendable (Element) throws(Error) -> U) -> Signal<U, Error> {
        Signal<U, Error> { observer in
            self.observe { event in
                switch event {
                case .next(let element):
                    do throws(Error) {
                        observer.receive(try transform(element))
                    } catch {
                        observer.on(.failed(error))
                    }
                case .failed(let error): observer.on(.failed(error))
                case .completed: observer.on(.completed)
                }
            }
        }
    }

    /// Runs `action` for each element, before passing it on.
    func onNext(_ action: @escaping @Sendable (Element) -> Void) -> Signal<Element, Error> {
        map { element in
            action(element)
            return element
        }
    }
}
