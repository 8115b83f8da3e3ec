/// What a ``Middleware`` can do besides returning an action: read the state, dispatch new
/// actions, and continue an action later.
///
/// The context refers to its store weakly, so a middleware that keeps it (say, in a delayed
/// closure) does not keep the store alive; once the store is gone, ``state`` is `nil` and
/// dispatching does nothing.
public final class MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
    /// The store; weak, so that middleware never keeps it alive.
    weak let store: Store<State, Action>?
    /// The position of the middleware this context belongs to in the chain.
    @usableFromInline
    let index: Int

    init(store: Store<State, Action>, index: Int) {
        self.store = store
        self.index = index
    }

    /// The store's current state, or `nil` if the store is gone.
    public var state: State? {
        store?.state
    }

    /// Dispatches an action through the whole middleware chain (this middleware included).
    ///
    /// Called from inside the middleware, the action is queued and runs after the current one.
    ///
    /// - Parameter action: The action.
    public func dispatch(_ action: Action) {
        store?.dispatch(action)
    }

    /// Hands an action to the middleware after this one (and then the reducer), as ReSwift's
    /// `next` does; use it to pass an action on later, for example after a delay.
    ///
    /// The action is queued in the store like any dispatch, so it keeps the one-at-a-time order;
    /// called from inside this middleware, it runs after the actions already queued.
    ///
    /// - Parameter action: The action to continue with.
    public func next(_ action: Action) {
        store?.enqueue(action, from: index &+ 1)
    }
}
