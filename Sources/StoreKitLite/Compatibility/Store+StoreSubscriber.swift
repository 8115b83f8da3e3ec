import StreamCore

extension Store {
    /// Subscribes an object to the states: it receives the current state at once, then each new
    /// one (ReSwift's `subscribe(_:)`).
    ///
    /// ```swift
    /// store.subscribe(counterView)
    /// ```
    ///
    /// The store holds the subscriber weakly; subscribing it again replaces its subscription.
    ///
    /// - Parameter subscriber: The object receiving `newState(state:)`.
    public func subscribe<Subscriber: StoreSubscriber>(_ subscriber: Subscriber)
    where Subscriber.StoreSubscriberStateType == State {
        attach(subscriber, to: StoreSubscription(states: states))
    }

    /// Subscribes an object to the states, skipping a state equal to the previous one, as
    /// ReSwift does for an `Equatable` state (`automaticallySkipsRepeats`; a store created with
    /// `automaticallySkipsRepeats: false` sends every state).
    ///
    /// ```swift
    /// store.subscribe(counterView)   // not called again for an action that changed nothing
    /// ```
    ///
    /// (`store.observeNext` sees every state, repeats included; see the migration guide.)
    ///
    /// - Parameter subscriber: The object receiving `newState(state:)`.
    public func subscribe<Subscriber: StoreSubscriber>(_ subscriber: Subscriber)
    where Subscriber.StoreSubscriberStateType == State, State: Equatable {
        let subscription = StoreSubscription(states: states)
        attach(subscriber, to: subscribers.automaticallySkipsRepeats ? subscription.skipRepeats() : subscription)
    }

    /// Subscribes an object to a narrowed view of the states (ReSwift's
    /// `subscribe(_:transform:)`).
    ///
    /// ```swift
    /// store.subscribe(nameLabel) { $0.select(\.user.name).skipRepeats() }
    /// ```
    ///
    /// - Parameters:
    ///   - subscriber: The object receiving `newState(state:)`.
    ///   - transform: Narrows the subscription with `select`, `skipRepeats`, `skip(when:)`,
    ///     `only(when:)`.
    public func subscribe<Selected: Sendable, Subscriber: StoreSubscriber>(
        _ subscriber: Subscriber,
        transform: (StoreSubscription<State>) -> StoreSubscription<Selected>
    ) where Subscriber.StoreSubscriberStateType == Selected {
        attach(subscriber, to: transform(StoreSubscription(states: states)))
    }

    /// Subscribes an object to a narrowed view of the states, skipping a selected value equal to
    /// the previous one, as ReSwift does for an `Equatable` selection.
    ///
    /// ```swift
    /// store.subscribe(nameLabel) { $0.select(\.user.name) }
    /// ```
    ///
    /// - Parameters:
    ///   - subscriber: The object receiving `newState(state:)`.
    ///   - transform: Narrows the subscription.
    public func subscribe<Selected: Sendable & Equatable, Subscriber: StoreSubscriber>(
        _ subscriber: Subscriber,
        transform: (StoreSubscription<State>) -> StoreSubscription<Selected>
    ) where Subscriber.StoreSubscriberStateType == Selected {
        let subscription = transform(StoreSubscription(states: states))
        attach(subscriber, to: subscribers.automaticallySkipsRepeats ? subscription.skipRepeats() : subscription)
    }

    /// Ends an object's subscription (ReSwift's `unsubscribe(_:)`); does nothing if it has none.
    ///
    /// - Parameter subscriber: The subscribed object.
    public func unsubscribe(_ subscriber: AnyObject) {
        subscribers.remove(ObjectIdentifier(subscriber))
    }

    /// How many objects are subscribed with `subscribe(_:)` (ReSwift's `subscriptions.count`).
    public var subscriberCount: Int {
        subscribers.count
    }

    private func attach<Subscriber: StoreSubscriber, Selected: Sendable>(
        _ subscriber: Subscriber,
        to subscription: StoreSubscription<Selected>
    ) where Subscriber.StoreSubscriberStateType == Selected {
        let id = ObjectIdentifier(subscriber)
        let registry = subscribers
        let handle = SerialDisposable()
        registry.register(handle, for: id)
        handle.otherDisposable = subscription.states.observeNext { [weak subscriber] state in
            guard let subscriber else {
                registry.remove(id, ifCurrent: handle)
                return
            }
            subscriber.newState(state: state)
        }
    }
}
