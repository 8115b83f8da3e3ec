extension Store {
    /// Builds the chain's links in `storage`, one per middleware, each with its context.
    static func initializeLinks(
        _ storage: UnsafeMutablePointer<Link>, with middleware: [Middleware<State, Action>], of store: Store
    ) {
        for (index, middleware) in middleware.enumerated() {
            (storage + index).initialize(
                to: Link(
                    intercept: middleware.intercept,
                    holding: middleware.holding,
                    context: MiddlewareContext(store: store, index: index)
                ))
        }
    }

    /// Installs the middleware list given last, between two actions (role holder only: nobody
    /// else reads the chain). An action a middleware holds back resumes after the same position
    /// in the new chain.
    @usableFromInline
    func installReplacement() {
        guard let middleware = replacement.take() else { return }
        let old = (storage: linkStorage, count: linkCount)
        let storage = UnsafeMutablePointer<Link>.allocate(capacity: middleware.count)
        Self.initializeLinks(storage, with: middleware, of: self)
        linkStorage = storage
        linkCount = middleware.count
        old.storage.deinitialize(count: old.count)  // the old links' closures: no lock is held
        old.storage.deallocate()
    }

    /// Runs the middleware chain from the action's start; `nil` if a middleware dropped the action
    /// (its outcome resolved) or held it back. Role holder.
    ///
    /// The links are borrowed in place at +0 (a replacement chain is installed only between
    /// actions): copying each out would retain and release it per middleware per dispatch.
    @inlinable
    func runMiddleware(_ action: Action, pending: Pending) -> Action? {
        var action = action
        let links = _UnsafeBorrowedReferences(start: linkStorage, count: linkCount, of: Link.self)
        var index = pending.start
        while index < links.count {
            let passed: Action? = links.withReference(at: index) { link in
                if let intercept = link.intercept {
                    guard let passed = intercept(action, link.context) else {
                        finish(pending, .failure(.droppedByMiddleware))
                        return nil
                    }
                    return passed
                }
                // A middleware that may hold the action back; it resolves a drop itself.
                return intercept(action, holding: link, pending: pending)
            }
            links.assertUnchanged((UnsafeRawPointer(linkStorage), linkCount))
            guard let passed else { return nil }
            action = passed
            index &+= 1
        }
        return action
    }
}
