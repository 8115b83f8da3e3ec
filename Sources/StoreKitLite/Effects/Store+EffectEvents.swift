public import StreamCore

extension Store {
    /// Calls `observer` at each step in the life of the store's effects: when one starts (and
    /// what started it: the store update whose state an attached effect reacted to), when it
    /// sends an action back, and when it finishes, fails or is cancelled. The hook for tools
    /// that show what effects an action caused (a store inspector's effects timeline, tracing).
    ///
    /// ```swift
    /// let observation = store.observeEffectEvents { event in
    ///     if case .started = event.kind, case .update(let sequence) = event.cause {
    ///         print(event.name ?? "effect", "started by update", sequence)   // payment started by update 3
    ///     }
    /// }
    /// ```
    ///
    /// Match ``EffectCause/update(sequence:)`` with `StoreUpdate.sequence` (``updates``) to find
    /// the action. Only effects that start after the observer is added are reported. For one
    /// effect, ``EffectEvent/Kind/started`` comes first, then what it sends, then its end; events
    /// of different effects may arrive on different threads at once. The observer is called on
    /// the thread where it happens (the one that starts, forwards or ends the effect), never
    /// while the store holds a lock; keep it quick.
    ///
    /// What an effect sends is attributed to it when it sends from its own delivery (an
    /// asynchronous effect, the usual case). An element that a FeedbackLoop feedback queued and
    /// delivered later (say, a synchronous effect's answer while the loop was busy) is reported
    /// with `effect == nil` and the cause of the attached effect that sent it.
    ///
    /// Cost: while no observer is added, starting an effect and sending an action back each read
    /// one atomic flag more; nothing else changes.
    ///
    /// - Parameter observer: Receives each event.
    /// - Returns: A disposable that removes the observer.
    @discardableResult
    public func observeEffectEvents(_ observer: @escaping @Sendable (EffectEvent<Action>) -> Void) -> any Disposable {
        let group = rootGroup
        let key = group.addLifecycleObserver { event in
            switch event {
            case .started(let token, let name, let origin):
                observer(EffectEvent(effect: EffectID(rawValue: token), name: name, cause: EffectCause(origin), kind: .started))
            case .ended(let token, let name, let origin, let end):
                let kind: EffectEvent<Action>.Kind
                switch end {
                case .finished: kind = .finished
                case .failed(let error): kind = .failed(String(describing: error))
                case .cancelled: kind = .cancelled
                }
                observer(EffectEvent(effect: EffectID(rawValue: token), name: name, cause: EffectCause(origin), kind: kind))
            case .sent(let token, let origin, let element):
                // Only this store's `enqueueFromEffect` reports to its root group.
                guard let action = element as? Action else { return }
                observer(
                    EffectEvent(
                        effect: token == 0 ? nil : EffectID(rawValue: token), name: nil, cause: EffectCause(origin),
                        kind: .sent(action)))
            }
        }
        return BlockDisposable { group.removeLifecycleObserver(key) }
    }
}

extension EffectCause {
    /// The public form of an effect group's origin.
    init(_ origin: EffectOrigin) {
        switch origin {
        case .none: self = .unknown
        case .update(let sequence): self = .update(sequence: sequence)
        case .effect(let token): self = .effect(EffectID(rawValue: token))
        }
    }
}
