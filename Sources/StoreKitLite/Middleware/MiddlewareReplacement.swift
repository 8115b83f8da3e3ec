public import Synchronization
import StreamCore

/// The middleware list a store was given last (`store.middleware = …`, ReSwift's settable
/// `middleware`), and whether its dispatch role holder has still to install it.
///
/// The chain is read in place, without a lock, by the thread holding the dispatch role, so
/// nobody else may change it. A new list is therefore only recorded here; the role holder
/// installs it before the next action it handles (one relaxed atomic load per action when
/// nothing was replaced).
@usableFromInline
final class MiddlewareReplacement<State: Sendable, Action: Sendable>: Sendable {
    /// The list last given (what ``Store/middleware`` reads), and whether it is installed.
    private let list: LockedState<(middleware: [Middleware<State, Action>], installed: Bool)>
    @usableFromInline
    let pending = Atomic<Bool>(false)

    init(_ middleware: [Middleware<State, Action>]) {
        list = LockedState((middleware, true))
    }

    /// Whether a new list waits to be installed.
    @inlinable
    var isPending: Bool {
        pending.load(ordering: .relaxed)
    }

    /// The list last given.
    var middleware: [Middleware<State, Action>] {
        list.withLock { $0.middleware }
    }

    /// Records a new list for the role holder.
    func replace(with middleware: [Middleware<State, Action>]) {
        let replaced = list.withLock { list in
            defer { list = (middleware, false) }
            return list.middleware
        }
        pending.store(true, ordering: .releasing)
        withExtendedLifetime(replaced) {}  // released outside the lock
    }

    /// Takes the list waiting to be installed, if any (role holder).
    func take() -> [Middleware<State, Action>]? {
        pending.store(false, ordering: .relaxed)
        return list.withLock { list in
            if list.installed { return nil }
            list.installed = true
            return list.middleware
        }
    }
}
