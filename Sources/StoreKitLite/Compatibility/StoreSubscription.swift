public import StreamCore

/// The states a ``StoreSubscriber`` receives, narrowed by `select`, `skipRepeats`, `skip(when:)`
/// and `only(when:)` (ReSwift's `Subscription`, passed to `subscribe(_:transform:)`).
///
/// ```swift
/// store.subscribe(view) { subscription in
///     subscription.select(\.user.name).skipRepeats()
/// }
/// ```
public struct StoreSubscription<State: Sendable>: Sendable {
    /// The states, as a signal.
    public let states: Signal<State, Never>

    /// Wraps a signal of states.
    ///
    /// - Parameter states: The states the subscription narrows.
    public init(states: Signal<State, Never>) {
        self.states = states
    }

    /// Selects a part of each state.
    ///
    /// - Parameter selector: The part.
    /// - Returns: A subscription to the parts.
    public func select<Selected: Sendable>(_ selector: @escaping @Sendable (State) -> Selected) -> StoreSubscription<Selected> {
        StoreSubscription<Selected>(states: states.map(selector))
    }

    /// Skips a state when `isRepeat(previous, new)` is `true`, `previous` being the state just
    /// before it (delivered or not), as in ReSwift.
    ///
    /// - Parameter isRepeat: Whether the new state counts as the previous one again.
    /// - Returns: A subscription without the repeats.
    public func skipRepeats(_ isRepeat: @escaping @Sendable (State, State) -> Bool) -> StoreSubscription {
        let narrowed = states.zipPrevious()
            .filter { previous, new in previous.map { !isRepeat($0, new) } ?? true }
            .map { _, new in new }
        return StoreSubscription(states: narrowed)
    }

    /// Skips a state equal to the previous one.
    ///
    /// - Returns: A subscription without the repeats.
    public func skipRepeats() -> StoreSubscription where State: Equatable {
        StoreSubscription(states: states.removeDuplicates())
    }

    /// Skips a state when `condition(previous, new)` is `true` (the same as
    /// ``skipRepeats(_:)``).
    ///
    /// - Parameter condition: Whether to skip the new state.
    /// - Returns: The narrowed subscription.
    public func skip(when condition: @escaping @Sendable (State, State) -> Bool) -> StoreSubscription {
        skipRepeats(condition)
    }

    /// Delivers a state only when `condition(previous, new)` is `true`.
    ///
    /// - Parameter condition: Whether to deliver the new state.
    /// - Returns: The narrowed subscription.
    public func only(when condition: @escaping @Sendable (State, State) -> Bool) -> StoreSubscription {
        skipRepeats { previous, new in !condition(previous, new) }
    }
}

extension StoreSubscription {
    /// Selects a part of each state by key path.
    ///
    /// - Parameter keyPath: The part.
    /// - Returns: A subscription to the parts.
    public func select<Selected: Sendable>(_ keyPath: any KeyPath<State, Selected> & Sendable) -> StoreSubscription<Selected> {
        select { $0[keyPath: keyPath] }
    }
}
