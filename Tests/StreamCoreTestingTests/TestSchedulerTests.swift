import Foundation
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct TestSchedulerTests {
    /// Appends to a log under a lock (actions run on the advancing thread, or several in the
    /// concurrency test).
    final class Log<Value: Sendable>: Sendable {
        private let storage = LockedState<[Value]>([])
        func append(_ value: Value) { storage.withLock { $0.append(value) } }
        var values: [Value] { storage.withLock { $0 } }
    }

    @Test func startsAtTickZeroWithOneSecondTicks() {
        let scheduler = TestScheduler()
        #expect(scheduler.now == .zero)
        #expect(scheduler.currentTick == 0)
        #expect(scheduler.tick == .seconds(1))
        #expect(TestScheduler(tick: .milliseconds(5)).tick == .milliseconds(5))
        #expect(TestScheduler(tick: .zero).tick == .nanoseconds(1))
    }

    @Test func runsDueActionsInDeadlineOrderWithNowAtEachDeadline() {
        let scheduler = TestScheduler()
        let log = Log<String>()
        _ = scheduler.schedule(after: .seconds(3)) { log.append("c@\(scheduler.currentTick)") }
        _ = scheduler.schedule(after: .seconds(1)) { log.append("a@\(scheduler.currentTick)") }
        _ = scheduler.schedule(after: .seconds(2)) { log.append("b@\(scheduler.currentTick)") }
        scheduler.advance(by: .seconds(2))
        #expect(log.values == ["a@1", "b@2"])
        #expect(scheduler.currentTick == 2)
        scheduler.advance(by: .seconds(5))
        #expect(log.values == ["a@1", "b@2", "c@3"])
        #expect(scheduler.currentTick == 7)
    }

    @Test func actionsAtTheSameInstantRunFirstInFirstOut() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        for index in 0..<20 {
            _ = scheduler.schedule(after: .seconds(1)) { log.append(index) }
        }
        scheduler.schedule { log.append(-1) }
        scheduler.run()
        #expect(log.values == [-1] + Array(0..<20))
    }

    @Test func scheduleNeverRunsInsideTheCall() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        scheduler.schedule { log.append(1) }
        _ = scheduler.schedule(after: .seconds(-3)) { log.append(2) }
        #expect(log.values.isEmpty)
        scheduler.advance()
        #expect(log.values == [1, 2])
        #expect(scheduler.currentTick == 0)
    }

    @Test func delaysRoundUpAndAdvancesRoundDown() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        _ = scheduler.schedule(after: .milliseconds(1500)) { log.append(scheduler.currentTick) }
        #expect(scheduler.ticks(in: .milliseconds(1500)) == 2)
        scheduler.advance(by: .milliseconds(1999))
        #expect(log.values.isEmpty)
        #expect(scheduler.currentTick == 1)
        scheduler.advance(by: .seconds(1))
        #expect(log.values == [2])
    }

    @Test func advanceToMovesToAnInstantAndNeverBackwards() {
        let scheduler = TestScheduler()
        scheduler.advance(to: SchedulerTime(offset: .seconds(5)))
        #expect(scheduler.currentTick == 5)
        scheduler.advance(to: .zero)
        #expect(scheduler.currentTick == 5)
        scheduler.advance(toTick: 9)
        scheduler.advance(byTicks: 2)
        #expect(scheduler.now == scheduler.time(ofTick: 11))
        #expect(scheduler.now.offset == .seconds(11))
    }

    @Test func actionsScheduledWhileAdvancingRunIfDueByTheTarget() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        _ = scheduler.schedule(after: .seconds(1)) {
            log.append(scheduler.currentTick)
            _ = scheduler.schedule(after: .seconds(1)) { log.append(scheduler.currentTick) }
            _ = scheduler.schedule(after: .seconds(5)) { log.append(scheduler.currentTick) }
        }
        scheduler.advance(by: .seconds(3))
        #expect(log.values == [1, 2])
        #expect(scheduler.pendingCount == 1)
        scheduler.run()  // the pending action captures the scheduler: run it so nothing is left
    }

    @Test func cancellingAnActionPreventsItAndReleasesItAtOnce() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        weak var weakObject: Log<Int>?
        let token: any Disposable
        do {
            let captured = Log<Int>()
            weakObject = captured
            token = scheduler.schedule(after: .seconds(1)) {
                captured.append(1); log.append(1)
            }
        }
        #expect(scheduler.pendingCount == 1)
        token.dispose()
        #expect(weakObject == nil)
        #expect(scheduler.pendingCount == 0)
        scheduler.run()
        #expect(log.values.isEmpty)
        #expect(scheduler.currentTick == 0)
    }

    @Test func runGoesUntilIdleAndMovesToTheLastDeadline() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        _ = scheduler.schedule(after: .seconds(10)) { log.append(scheduler.currentTick) }
        #expect(scheduler.run())
        #expect(log.values == [10])
        #expect(scheduler.currentTick == 10)
    }

    @Test func runStopsAtTheActionLimitWhenARepetitionKeepsItBusy() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        let ticker = scheduler.schedule(every: .seconds(1)) { log.append(scheduler.currentTick) }
        #expect(scheduler.run(maximumActions: 5) == false)
        #expect(log.values == [1, 2, 3, 4, 5])
        ticker.dispose()
        #expect(scheduler.run())
    }

    @Test func repeatsOnAnExactGridOfTicks() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        let ticker = scheduler.schedule(after: .seconds(1), every: .seconds(2)) { log.append(scheduler.currentTick) }
        scheduler.advance(by: .seconds(8))
        #expect(log.values == [1, 3, 5, 7])
        ticker.dispose()
        scheduler.advance(by: .seconds(8))
        #expect(log.values == [1, 3, 5, 7])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func subTickIntervalsRepeatEveryTick() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        let ticker = scheduler.schedule(after: .zero, every: .nanoseconds(-5)) { log.append(scheduler.currentTick) }
        scheduler.advance(by: .seconds(3))
        ticker.dispose()
        #expect(log.values == [0, 1, 2, 3])
    }

    @Test func disposingARepetitionFromInsideItStopsIt() {
        let scheduler = TestScheduler()
        let runs = Log<Int>()
        let token = LockedState<(any Disposable)?>(nil)
        let ticker = scheduler.schedule(every: .seconds(1)) {
            runs.append(1)
            if runs.values.count == 3 { token.withLock { $0 }?.dispose() }
        }
        token.withLock { $0 = ticker }
        scheduler.advance(by: .seconds(10))
        #expect(runs.values.count == 3)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func hugeDelaysSaturateInsteadOfOverflowing() {
        let scheduler = TestScheduler(tick: .nanoseconds(1))
        let log = Log<Int>()
        _ = scheduler.schedule(after: .seconds(Int64.max)) { log.append(1) }
        scheduler.advance(by: .seconds(1_000))
        #expect(log.values.isEmpty)
        #expect(scheduler.run())
        #expect(log.values == [1])
    }

    @Test func schedulingFromEightThreadsWhileAnotherAdvancesLosesNothing() {
        let scheduler = TestScheduler()
        let ran = Log<Int>()
        let perThread = 500
        let advancing = LockedState(true)
        let advancerDone = DispatchSemaphore(value: 0)
        // A dedicated thread (not the cooperative pool) keeps advancing the clock meanwhile.
        Thread {
            while advancing.withLock({ $0 }) { scheduler.advance(byTicks: 1) }
            advancerDone.signal()
        }.start()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<perThread {
                let token = scheduler.schedule(after: .seconds(Int64(index % 3))) { ran.append(thread * perThread + index) }
                if index % 10 == 0 { token.dispose() }
                _ = scheduler.now
            }
        }
        advancing.withLock { $0 = false }
        advancerDone.wait()
        scheduler.run()
        // Actions disposed right after scheduling may already have run (the clock advances on
        // another thread meanwhile), so they may appear at most once; all others exactly once.
        let mustRun = Set(
            (0..<8).flatMap { thread in
                (0..<perThread).filter { $0 % 10 != 0 }.map { thread * perThread + $0 }
            })
        let values = ran.values
        #expect(Set(values).count == values.count)
        #expect(mustRun.isSubset(of: Set(values)))
        #expect(Set(values).isSubset(of: Set(0..<(8 * perThread))))
        #expect(scheduler.pendingCount == 0)
    }
}
