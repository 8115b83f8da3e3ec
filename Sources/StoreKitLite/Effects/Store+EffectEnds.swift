extension Store {
    /// Calls `observer` each time running effects end or are cancelled, once
    /// ``runningEffectCount`` has dropped (never under a lock; on the thread that ended them).
    ///
    /// StoreKitLiteTesting's `TestStore` wakes a waiting `finish` with it, so that it never
    /// polls the count. One observer per store; a later call replaces it.
    ///
    /// - Parameter observer: Called after effects leave the store's registry.
    package func observeEffectEnds(_ observer: @escaping @Sendable () -> Void) {
        effects.observeEnds(observer)
    }
}
