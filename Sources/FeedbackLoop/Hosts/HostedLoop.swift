import StreamCore

/// The part of a UI host's locked storage that tracks its one loop.
protocol HostedLoopStorage {
    /// ``LockedState/startHostedLoop(_:inputs:)`` ran.
    var isStarted: Bool { get set }
    /// The host stopped; no loop starts after this.
    var isStopped: Bool { get set }
    /// The running loop, disposed by the host's stop.
    var loop: (any Disposable)? { get set }
}

extension LockedState where State: HostedLoopStorage {
    /// Starts `spin`'s loop once; later calls, and calls after the host stopped, do nothing. A
    /// stop that races the start disposes the loop as soon as it exists.
    func startHostedLoop<LoopState: Sendable, Event: Sendable>(
        _ spin: Spin<LoopState, Event>,
        inputs: EventInput<Event>
    ) {
        let starts: Bool = withLock { storage in
            if storage.isStarted || storage.isStopped { return false }
            storage.isStarted = true
            return true
        }
        guard starts else { return }
        inputs.expectSubscriber()
        let loop = Signal.start(spin: spin)
        let stoppedMeanwhile: Bool = withLock { storage in
            if storage.isStopped { return true }
            storage.loop = loop
            return false
        }
        if stoppedMeanwhile { loop.dispose() }
    }
}
