import StreamCore

/// The shared key-path selections of one store.
///
/// All subscribers of `store.select(\.x)` share one ``SelectionNode``: while it has
/// subscribers, the node observes the store once, compares the selected value once per state
/// change, and sends only changes to its own replaying subject, whose subscribers are registered
/// and removed in O(1). The node leaves the hub (and stops observing the store) when its last
/// subscriber leaves.
final class SelectionHub: Sendable {
    private struct Entry {
        var node: any SelectionNodeProtocol
        var subscribers: Int
    }

    private let entries = LockedState<[AnyKeyPath: Entry]>([:])

    init() {}

    /// A signal of the distinct values at `keyPath`, shared with other subscribers of it.
    func signal<State: Sendable, Action: Sendable, Selected: Equatable & Sendable>(
        for keyPath: any KeyPath<State, Selected> & Sendable,
        states updates: Signal<StoreUpdate<State, Action>, Never>
    ) -> Signal<Selected, Never> {
        Signal.trusted({ [weak self] observer in
            guard let self else {
                observer.on(.completed)   // the store is gone: nothing will change any more
                return DisposedDisposable.instance
            }
            return self.subscribe(observer, keyPath: keyPath, updates: updates)
        })
    }

    private func subscribe<State: Sendable, Action: Sendable, Selected: Equatable & Sendable>(
        _ observer: Observer<Selected, Never>,
        keyPath: any KeyPath<State, Selected> & Sendable,
        updates: Signal<StoreUpdate<State, Action>, Never>
    ) -> any Disposable {
        let key = keyPath as AnyKeyPath
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
            // Unreachable in practice (a key path determines its value type); stay correct anyway.
            return updates.map { $0.state[keyPath: keyPath] }.distinctUntilChanged().observe(with: { observer.on($0) })
        }
        let subscription = node.core.observe { event in observer.on(event) }
        if isFirst {
            node.upstream.otherDisposable = updates.observe(with: { [node] event in
                switch event {
                case .next(let update): node.receive(update.state[keyPath: keyPath])
                case .completed: node.complete()
                }
            })
        }
        return BlockDisposable { [weak self] in
            subscription.dispose()
            self?.leave(keyPath as AnyKeyPath, node: node)
        }
    }

    private func leave(_ key: AnyKeyPath, node: any SelectionNodeProtocol) {
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
}
