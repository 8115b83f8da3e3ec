extension ObservableStore: Hashable {
    /// Whether two hosts are the same object.
    ///
    /// Hosts are compared by identity, so that a host can be a value of SwiftUI's navigation
    /// APIs, which ask for `Hashable` data: a navigation stack's path of screen hosts, or
    /// `navigationDestination(item:)` with an optional child host.
    ///
    /// ```swift
    /// store.scope(state: \.editing, action: { .editor($0) }) == editor   // the same host
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: A host.
    ///   - rhs: Another host.
    /// - Returns: `lhs === rhs`.
    public nonisolated static func == (lhs: ObservableStore, rhs: ObservableStore) -> Bool {
        lhs === rhs
    }

    /// Hashes the host's identity.
    ///
    /// - Parameter hasher: The hasher.
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
