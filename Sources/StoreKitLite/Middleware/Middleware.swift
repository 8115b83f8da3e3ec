public import StreamCore

/// An interceptor in the store's dispatch chain (ReSwift's middleware): it sees every action
/// before the reducer and can pass it, transform it, drop it, delay it, or dispatch others.
///
/// The closure returns the action to hand to the next middleware (the same one, or a
/// replacement), or `nil` to stop it here. Use the ``MiddlewareContext`` to read the state, to
/// ``MiddlewareContext/dispatch(_:)`` new actions through the whole chain, or to continue an
/// action later with ``MiddlewareContext/next(_:)`` (after this middleware), which is how a
/// delay is written.
///
/// ```swift
/// let dropEmptyTitles = Middleware<AppState, AppAction> { action, _ in
///     if case .addTask(let title) = action, title.isEmpty { return nil }   // drop
///     return action                                                        // pass
/// }
/// let trim = Middleware<AppState, AppAction> { action, _ in
///     if case .addTask(let title) = action { return .addTask(title.trimmed) }  // transform
///     return action
/// }
/// let store = Store(initialState: AppState(), reducer: app, middleware: [dropEmptyTitles, trim])
/// ```
///
/// Middleware runs on the thread that holds the store's dispatch role, one action at a time, in
/// dispatch order; actions it dispatches are queued and run after the current one (never
/// recursively). Keep it quick and non-blocking.
public struct Middleware<State: Sendable, Action: Sendable>: Sendable {
    /// The interception function: the action to pass on, or `nil` to drop it.
    public typealias Intercept = @Sendable (Action, MiddlewareContext<State, Action>) -> Action?
    /// The interception function of a middleware that may hold actions back: it also receives an
    /// ``ActionHolder`` for the action.
    public typealias HoldingIntercept =
        @Sendable (Action, MiddlewareContext<State, Action>, ActionHolder<State, Action>) -> Action?

    @usableFromInline
    let intercept: Intercept?
    @usableFromInline
    let holding: HoldingIntercept?

    /// Creates a middleware from an interception function.
    ///
    /// An action it drops (returns `nil` for) makes the sender's `send` throw
    /// `StoreError.droppedByMiddleware`.
    ///
    /// - Parameter intercept: Returns the action to pass on (possibly another one) or `nil` to
    ///   drop it.
    public init(_ intercept: @escaping Intercept) {
        self.intercept = intercept
        self.holding = nil
    }

    /// Creates a middleware that may hold an action back and pass it on later (a delay, a
    /// confirmation, a rate limit), while its sender's `send` keeps waiting for it.
    ///
    /// ```swift
    /// let confirmDeletes = Middleware<AppState, AppAction>(holding: { action, _, holder in
    ///     guard case .delete = action else { return action }
    ///     let held = holder.hold(action)
    ///     confirmations.ask { confirmed in confirmed ? held.resume() : held.drop() }
    ///     return nil
    /// })
    /// ```
    ///
    /// Return the action (or another) to pass it on now, `nil` after ``ActionHolder/hold(_:)``
    /// to pass it on later with ``HeldAction/resume()``, or `nil` without holding it to drop it.
    ///
    /// - Parameter intercept: The interception function.
    public init(holding intercept: @escaping HoldingIntercept) {
        self.intercept = nil
        self.holding = intercept
    }

    /// A middleware that passes every action unchanged.
    public static var passThrough: Middleware {
        Middleware { action, _ in action }
    }

    /// A middleware that drops the actions that do not satisfy a predicate.
    ///
    /// ```swift
    /// let onlyWhenLoggedIn = Middleware<AppState, AppAction>.filter { action, state in
    ///     state.user != nil || action.isLogin
    /// }
    /// ```
    ///
    /// - Parameter isIncluded: Whether to pass the action, given the current state.
    /// - Returns: The middleware.
    public static func filter(_ isIncluded: @escaping @Sendable (Action, State) -> Bool) -> Middleware {
        Middleware { action, context in
            guard let state = context.state else { return nil }
            return isIncluded(action, state) ? action : nil
        }
    }

    /// A middleware that replaces each action with another one.
    ///
    /// - Parameter transform: The replacement for an action.
    /// - Returns: The middleware.
    public static func map(_ transform: @escaping @Sendable (Action) -> Action) -> Middleware {
        Middleware { action, _ in transform(action) }
    }

    /// A middleware that holds back the matching actions for a while, on a scheduler, and then
    /// passes them on to the rest of the chain.
    ///
    /// ```swift
    /// let debounceSave = Middleware<AppState, AppAction>.delay(by: .seconds(1), on: queue) {
    ///     $0 == .save
    /// }
    /// ```
    ///
    /// A held-back action is not an effect: ``Store/cancelAllEffects()`` does not cancel it, and
    /// once the store is gone it is dropped. Its sender's `send` waits for it, and returns the
    /// state it produced when it has run.
    ///
    /// - Parameters:
    ///   - delay: How long to hold the actions back, on the scheduler's clock.
    ///   - scheduler: Where the delayed actions continue (they are then queued in the store).
    ///   - shouldDelay: Which actions to delay; the others pass at once.
    /// - Returns: The middleware.
    public static func delay(
        by delay: Duration,
        on scheduler: some Scheduler,
        where shouldDelay: @escaping @Sendable (Action) -> Bool = { _ in true }
    ) -> Middleware {
        Middleware(holding: { action, _, holder in
            guard shouldDelay(action) else { return action }
            let held = holder.hold(action)
            _ = scheduler.schedule(after: delay) { held.resume() }
            return nil
        })
    }
}
