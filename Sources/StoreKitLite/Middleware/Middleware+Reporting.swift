extension Middleware {
    /// A middleware that does what this one does, and reports each action it stops: dropped
    /// (`held` is `false`), or held back to be passed on later (`held` is `true`).
    ///
    /// ```swift
    /// let watched = normalizeProducts.reportingStops { action, held in
    ///     print(held ? "held" : "dropped", action)
    /// }
    /// let store = Store(initialState: AppState(), reducer: app, middleware: [watched])
    /// ```
    ///
    /// Inspectors and tests use it to tell which middleware stopped an action. `report` runs on
    /// the thread that holds the store's dispatch role, right after the middleware returned, with
    /// the action as the middleware received it; keep it quick. An action the middleware passes
    /// (or replaces) costs one more closure call.
    ///
    /// - Parameter report: Called with each stopped action and whether it was held.
    /// - Returns: The reporting middleware.
    public func reportingStops(_ report: @escaping @Sendable (_ action: Action, _ held: Bool) -> Void) -> Middleware {
        if let intercept {
            return Middleware { action, context in
                guard let passed = intercept(action, context) else {
                    report(action, false)
                    return nil
                }
                return passed
            }
        }
        guard let holding else { return self }
        return Middleware(holding: { action, context, holder in
            guard let passed = holding(action, context, holder) else {
                report(action, holder.isHolding)
                return nil
            }
            return passed
        })
    }
}
