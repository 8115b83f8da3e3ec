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
}
