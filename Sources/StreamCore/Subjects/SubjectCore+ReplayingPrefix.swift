extension SubjectCore {
    /// Registers an observer that first receives `prefix()`'s elements, computed when it joins
    /// in the same serial order as the sent events: it receives them, then exactly the events
    /// delivered after it joined. A core that has terminated gives it the prefix, then the
    /// terminal event.
    ///
    /// A subject whose replay is not "the last N elements" (LoadingState's
    /// `ReplayLoadingValueSubject`) keeps its own record of what was delivered and replays it
    /// this way. `prefix` runs on the thread holding the delivery role, without the lock held.
    /// It mirrors `observe(replayingFirst:_:)` rather than serving it: wrapping a store's one
    /// element in an array would add an allocation to every store observer.
    package func observe(
        replayingPrefix prefix: @escaping @Sendable () -> [Element],
        _ handler: @escaping @Sendable (Event) -> Void
    ) -> any Disposable {
        let node = Node(handler: .events(handler), owner: self)
        mutex.unsafeLock()
        return take(node, operation: .attachReplaying(node, prefix: prefix))
    }

    /// Registers a node and gives it `prefix()`'s elements, then the terminal event if the core
    /// has ended. Role holder only.
    @usableFromInline
    func attach(_ node: Node, prefix: () -> [Element]) {
        if node.isDisposed {
            node.handler = nil
            return
        }
        mutex.unsafeLock()
        let terminal = self.terminal
        mutex.unsafeUnlock()
        if terminal == nil { register(node) }
        guard let handler = node.handler else { return }
        let elements = prefix()
        for element in elements {
            if node.isDisposed { return }
            handler(.next(element))
        }
        if let terminal, node.markDisposed() {
            node.handler = nil
            handler(terminal)
        }
    }
}
