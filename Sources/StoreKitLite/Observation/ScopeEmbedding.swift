import StreamCore

/// The `action` closure of a scope's latest call, which its child hosts wrap their actions with.
///
/// A scope is made once and kept, but a view calls `scope(…, action:)` at every render, maybe
/// with a closure that captures a value of that render (`{ .row(id: selected, $0) }`): the
/// children use the closure of the latest call, not a stale first one. Written on the main actor
/// (each call), read on any thread (each action a child sends).
@usableFromInline
final class ScopeEmbedding<Embed: Sendable>: Sendable {
    private let latest: LockedState<Embed>

    @usableFromInline
    init(_ embed: Embed) {
        latest = LockedState(embed)
    }

    /// The closure of the latest call.
    @usableFromInline
    var current: Embed {
        latest.withLock { $0 }
    }

    /// Takes the closure of a new call; the replaced one is released after the lock is given
    /// back (its captures' deinits are user code).
    @usableFromInline
    func replace(with embed: Embed) {
        let replaced = latest.withLock { current in
            let replaced = current
            current = embed
            return replaced
        }
        _ = replaced
    }
}
