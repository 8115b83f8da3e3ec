import StreamCore

/// What identifies a shared selection in a ``SelectionHub``.
///
/// A key path identifies its selection by itself. A closure selector is identified by the
/// caller's identifier together with the selected type, so that one identifier reused with two
/// value types yields two selections instead of a type mismatch.
enum SelectionKey: Hashable, @unchecked Sendable {
    // @unchecked Sendable: immutable; the key path was `Sendable` when the key was made, and
    // the identifier comes from a `Hashable & Sendable` value (`AnyHashable` itself is not
    // declared `Sendable`).
    case keyPath(AnyKeyPath)
    case identified(AnyHashable, selected: ObjectIdentifier)
}

/// The shared selections of one store.
///
/// All subscribers of `store.select(\.x)` (or of `store.select(id: someID) { … }`) share one
/// ``SelectionNode``: while it has subscribers, the node observes the store once, computes and
/// compares the selected value once per state change, and sends only changes to its own
/// replaying subject, whose subscribers are registered and removed in O(1). The node leaves the
/// hub (and stops observing the store) when its last subscriber leaves.
final class SelectionHub: Sendable {
    private struct Entry {
        var node: any SelectionNodeProtocol
        var subscribers: Int
    }

    private let entries = LockedState<[SelectionKey: Entry]>([:])

    init() {}

    /// A signal of the distinct values `select` computes, shared with the other subscribers of
    /// `key`. The node uses the `select` of the subscription that created it.
    func signal<State: Sendable, Action: Sendable, Selected: Equatable & Sendable>(
        for key: SelectionKey,
        select: @escaping @Sendable (State) -> Selected,
        states updates: Signal<StoreUpdate<State, Action>, Never>
    ) -> Signal<Selected, Never> {
        Signal.trusted({ [weak self] observer in
            guard let self else {
                observer.on(.completed)  // the store is gone: nothing will change any more
                return DisposedDisposable.instance
            }
            return self.subscribe(observer, key: key, select: select, updates: updates)
        })
    }

    private func subscribe<State: Sendable, Action: Sendable, Selected: Equatable & Sendable>(
        _ observer: Observer<Selected, Never>,
        key: SelectionKey,
        select: @escaping @Sendable (State) -> Selected,
        updates: Signal<StoreUpdate<State, Action>, Never>
    ) -> any Disposable {
        let (node, isFirst): (SelectionNode<Selected>?, Bool) = entries.withLock { entries in
            if var entry = entries[key] {
                guard let node = entry.node as? SelectionNode<Selected> else { return (nil, false) }
                entry.subscribers += 1
                entries[key] = entry
                return (node, false)
            }
            let node = SelectionNode<Selected>()
            entries[key] = Entry(node: node, subscribers: 1)
            return (node, true)
        }
        guard let node else {
            // Unreachable in practice (a key determines its value type); stay correct anyway.
            return updates.map { select($0.state) }.distinctUntilChanged().observe(with: { observer.on($0) })
        }
        let subscription = node.core.observe { event in observer.on(event) }
        if isFirst {
            node.upstream.otherDisposable = updates.observe(with: { [node] event in
                switch event {
                case .next(let update): node.receive(select(update.state))
                case .completed: node.complete()
                }
            })
        }
        return BlockDisposable { [weak self] in
            subscription.dispose()
            self?.leave(key, node: node)
        }
    }

    private func leave(_ key: SelectionKey, node: any SelectionNodeProtocol) {
        let last: (any SelectionNodeProtocol)? = entries.withLock { entries in
            guard var entry = entries[key], entry.node === node else { return nil }
            entry.subscribers -= 1
            if entry.subscribers > 0 {
                entries[key] = entry
                return nil
            }
            entries[key] = nil
            return entry.node
        }
        last?.stop()
    }

    /// The number of shared selections (for tests).
    var count: Int {
        entries.withLock { $0.count }
    }

    /// The number of subscribers sharing the selection of `key` (for tests).
    func subscriberCount(_ key: SelectionKey) -> Int {
        entries.withLock { $0[key]?.subscribers ?? 0 }
    }
}
