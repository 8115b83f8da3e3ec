import StreamCore

/// A deterministic scheduler on virtual time, proving that ``Scheduler`` can drive every
/// time-based factory and operator without a wall clock.
///
/// Time starts at ``SchedulerTime/zero`` and moves only when the test calls ``advance(by:)``,
/// ``advance(to:)`` or ``run()``. Actions due by then run in deadline order, FIFO within the same
/// instant, on the calling thread, with ``now`` set to each action's deadline before it runs.
/// Actions scheduled while advancing run in the same call if they are due by its target instant.
final class VirtualTimeScheduler: Scheduler {
    private struct Item {
        let deadline: SchedulerTime
        let order: UInt64
        let action: ScheduledAction
    }

    private struct State {
        var now = SchedulerTime.zero
        var order: UInt64 = 0
        var items: [Item] = []
    }

    private let state = LockedState(State())

    init() {}

    var now: SchedulerTime { state.withLock { $0.now } }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        _ = enqueue(after: .zero, action)
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        enqueue(after: delay, action)
    }

    private func enqueue(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let scheduled = ScheduledAction(action)
        state.withLock { state in
            state.order += 1
            state.items.append(Item(deadline: state.now + delay.clampedDelay, order: state.order, action: scheduled))
        }
        return scheduled
    }

    /// The number of actions waiting to run (cancelled ones excluded).
    var pendingCount: Int {
        state.withLock { state in state.items.filter { !$0.action.isDisposed }.count }
    }

    /// Moves the clock forward by `duration`, running every action due by then.
    func advance(by duration: Duration = .zero) {
        advance(to: now + duration)
    }

    /// Moves the clock to `instant` (never backwards), running every action due by then.
    func advance(to instant: SchedulerTime) {
        while let item = popDue(by: instant) {
            item.action.run()
        }
    }

    /// Runs every scheduled action, moving the clock to each deadline, until none is left.
    /// Never returns while a repeating action is active; use ``advance(by:)`` for those.
    func run() {
        while let deadline = state.withLock({ $0.items.map(\.deadline).min() }) {
            advance(to: deadline)
        }
    }

    private func popDue(by instant: SchedulerTime) -> Item? {
        state.withLock { state in
            // Lock order is always scheduler, then action: `ScheduledAction` never calls back.
            state.items.removeAll { $0.action.isDisposed }
            guard
                let index = state.items.indices.min(by: { lhs, rhs in
                    let (a, b) = (state.items[lhs], state.items[rhs])
                    return (a.deadline, a.order) < (b.deadline, b.order)
                }),
                state.items[index].deadline <= instant
            else {
                if state.now < instant { state.now = instant }
                return nil
            }
            let item = state.items.remove(at: index)
            if state.now < item.deadline { state.now = item.deadline }
            return item
        }
    }
}
