import StreamCore

/// The type-erased face of a ``SelectionNode``.
protocol SelectionNodeProtocol: AnyObject, Sendable {
    /// Stops observing the store and ends the node's subscribers.
    func stop()
}

/// One shared selection: the last selected value and a replaying subject of its changes.
final class SelectionNode<Selected: Equatable & Sendable>: SelectionNodeProtocol, @unchecked Sendable {
    // @unchecked Sendable: `last` is touched only by `receive`, which the store's update signal
    // calls serially; `core` and `upstream` are thread-safe.
    let core = SubjectCore<Selected, Never>(replay: 1)
    let upstream = SerialDisposable()
    private var last: Selected?

    /// Sends the value if it differs from the previous one. Called serially.
    func receive(_ value: Selected) {
        if last == value { return }
        last = value
        core.send(.next(value))
    }

    /// Ends the subscribers: the store went away. Called serially, like `receive`.
    func complete() {
        core.send(.completed)
    }

    func stop() {
        upstream.dispose()
        core.close()
    }

    deinit {
        core.close()
    }
}
