import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct RepeatingActionTests {
    @Test func runsOnAFixedGridAfterTheInitialDelay() {
        let scheduler = TestScheduler()
        let ticks = Box<[Duration]>([])
        let token = RepeatingAction.start(on: scheduler, after: .seconds(1), every: .seconds(2)) {
            ticks.mutate { $0.append(scheduler.now.offset) }
        }
        scheduler.advance(by: .seconds(8))
        #expect(ticks.value == [.seconds(1), .seconds(3), .seconds(5), .seconds(7)])
        #expect(!token.isDisposed)
        token.dispose()
        #expect(token.isDisposed)
    }

    @Test func disposingFromInsideTheActionStopsTheRepetitions() {
        let scheduler = TestScheduler()
        let runs = Box(0)
        let token = Box<(any Disposable)?>(nil)
        token.mutate {
            $0 = RepeatingAction.start(on: scheduler, after: .zero, every: .seconds(1)) {
                runs.mutate { $0 += 1 }
                if runs.value == 3 { token.value?.dispose() }
            }
        }
        scheduler.advance(by: .seconds(10))
        #expect(runs.value == 3)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func nonPositiveIntervalRepeatsEveryNanosecond() {
        let scheduler = TestScheduler(tick: .nanoseconds(1))
        let ticks = Box<[Duration]>([])
        let token = RepeatingAction.start(on: scheduler, after: .zero, every: .seconds(-1)) {
            ticks.mutate { $0.append(scheduler.now.offset) }
        }
        scheduler.advance(by: .nanoseconds(3))
        token.dispose()
        #expect(ticks.value == [.zero, .nanoseconds(1), .nanoseconds(2), .nanoseconds(3)])
    }

    @Test func disposingReleasesTheAction() {
        let scheduler = TestScheduler()
        weak var weakTracked: Tracked?
        let token: any Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            token = RepeatingAction.start(on: scheduler, after: .seconds(1), every: .seconds(1)) { _ = tracked }
        }
        scheduler.advance(by: .seconds(2))
        #expect(weakTracked != nil)
        token.dispose()
        #expect(weakTracked == nil)
    }

    @Test func lateRunSkipsMissedInstantsInsteadOfBursting() {
        let scheduler = ManualScheduler()
        let runs = Box(0)
        let token = scheduler.schedule(after: .seconds(1), every: .seconds(1)) { runs.mutate { $0 += 1 } }
        #expect(scheduler.delays == [.seconds(1)])
        // The clock jumps 2.5 s past the first deadline before the first run happens.
        scheduler.now = SchedulerTime(offset: .milliseconds(3500))
        scheduler.fireNext()
        #expect(runs.value == 1)
        // Deadlines at 2 s and 3 s are skipped; the next run is on the grid at 4 s.
        #expect(scheduler.delays.last == .milliseconds(500))
        scheduler.now = SchedulerTime(offset: .seconds(4))
        scheduler.fireNext()
        #expect(scheduler.delays.last == .seconds(1))
        token.dispose()
        #expect(scheduler.pendingCount == 0)
    }
}

/// A scheduler whose clock and firing the test controls step by step.
private final class ManualScheduler: Scheduler {
    private struct State {
        var now = SchedulerTime.zero
        var delays: [Duration] = []
        var pending: [ScheduledAction] = []
    }

    private let state = LockedState(State())

    var now: SchedulerTime {
        get { state.withLock { $0.now } }
        set { state.withLock { $0.now = newValue } }
    }

    var delays: [Duration] { state.withLock { $0.delays } }
    var pendingCount: Int { state.withLock { $0.pending.filter { !$0.isDisposed }.count } }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        _ = schedule(after: .zero, action)
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let scheduled = ScheduledAction(action)
        state.withLock {
            $0.delays.append(delay)
            $0.pending.append(scheduled)
        }
        return scheduled
    }

    func fireNext() {
        let next = state.withLock { $0.pending.isEmpty ? nil : $0.pending.removeFirst() }
        next?.run()
    }
}
