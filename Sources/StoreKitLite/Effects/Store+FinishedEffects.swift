public import StreamCore

/// An effect of a store that ended (finished by itself or was cancelled), with how long it ran.
///
/// Delivered to the observers added with ``Store/observeFinishedEffects(_:)``: for example, the
/// `Integrations` package's metrics adapter records ``duration`` in a timer named after the effect.
public struct FinishedEffect: Sendable, Hashable {
    /// The effect's name: the name its feedback was attached with (`attach(effect:named:)`), the
    /// one given to `trackedAsEffect(named:)`, or `effect <id>` for ``Store/run(_:id:cancelInFlight:)``;
    /// `nil` for an unnamed effect.
    public var name: String?
    /// The description reported by ``Store/effectsInFlight``: the name and, for a tracked
    /// action's effect, the action that started it.
    public var description: String
    /// The time from the effect's start to its end.
    public var duration: Duration

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - name: The effect's name.
    ///   - description: Its description.
    ///   - duration: How long it ran.
    public init(name: String?, description: String, duration: Duration) {
        self.name = name
        self.description = description
        self.duration = duration
    }
}

extension Store {
    /// Calls `observer` after each effect in flight ends (by itself or cancelled), with its
    /// name and duration: the hook for effect metrics.
    ///
    /// ```swift
    /// let observation = store.observeFinishedEffects { effect in
    ///     print(effect.name ?? "unnamed", effect.duration)   // payment 0.051 seconds
    /// }
    /// ```
    ///
    /// The effects are those ``effectsInFlight`` lists (a feedback's per-state effects, signals
    /// marked `trackedAsEffect`, ``run(_:)`` and action creators); only effects that start after
    /// the observer is added are reported. The observer is called on the thread that ended the
    /// effect, never while the store holds a lock; keep it quick. While no observer is added, the
    /// store reads no clock for its effects.
    ///
    /// - Parameter observer: Receives each finished effect.
    /// - Returns: A disposable that removes the observer.
    @discardableResult
    public func observeFinishedEffects(_ observer: @escaping @Sendable (FinishedEffect) -> Void) -> any Disposable {
        let group = rootGroup
        let key = group.addFinishObserver { name, description, duration in
            observer(FinishedEffect(name: name, description: description, duration: duration))
        }
        return BlockDisposable { group.removeFinishObserver(key) }
    }
}
