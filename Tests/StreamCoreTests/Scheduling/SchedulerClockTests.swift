import StreamCore
import StreamCoreTesting
import Testing
import TestSupport

@Suite struct SchedulerClockTests {
    /// Waits (without sleeping on the wall clock) until the sleeping task has scheduled its wake-up.
    private func untilScheduled(_ scheduler: TestScheduler, count: Int = 1) async {
        while scheduler.pendingCount < count { await Task.yield() }
    }

    @Test func aSleepEndsWhenTheSchedulerReachesTheDeadline() async throws {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let woke = Box(false)
        let task = Task {
            try await clock.sleep(for: .seconds(5))
            woke.value = true
        }
        await untilScheduled(scheduler)
        scheduler.advance(by: .seconds(4))
        #expect(!woke.value)
        scheduler.advance(by: .seconds(1))
        try await task.value
        #expect(woke.value)
        #expect(clock.now == scheduler.now)
    }

    @Test func aDeadlineNotAfterNowReturnsAtOnce() async throws {
        let scheduler = TestScheduler()
        try await scheduler.clock.sleep(for: .zero)
        try await scheduler.clock.sleep(until: scheduler.now.advanced(by: .seconds(-1)), tolerance: nil)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func anImmediateSchedulersClockWakesAtOnce() async throws {
        // TCA's ImmediateClock: the wake-up runs inside `schedule(after:)`, before the sleep
        // has handed over its continuation.
        let start = ContinuousClock.now
        try await ImmediateScheduler().clock.sleep(for: .seconds(3_600))
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test func cancellingTheTaskEndsTheSleepAndItsWakeUp() async {
        let scheduler = TestScheduler()
        let task = Task { try await scheduler.clock.sleep(for: .seconds(5)) }
        await untilScheduled(scheduler)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(scheduler.pendingCount == 0)  // the scheduled wake-up was cancelled
    }

    @Test func aSleepInACancelledTaskThrowsAtOnce() async {
        let scheduler = TestScheduler()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await scheduler.clock.sleep(for: .seconds(5))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(scheduler.pendingCount == 0)
    }

    @Test func manySleepersRaceTheirCancellationsWithTheWakeUp() async {
        // Each sleeper is woken or cancelled, never both, never neither (TSan watches the box).
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let tasks = (0..<200).map { _ in Task { try await clock.sleep(for: .seconds(1)) } }
        await untilScheduled(scheduler, count: 200)
        async let advance: Void = scheduler.advance(by: .seconds(1))
        for task in tasks.enumerated() where task.offset.isMultiple(of: 2) { task.element.cancel() }
        await advance
        for task in tasks { _ = await task.result }
        #expect(scheduler.pendingCount == 0)
    }
}
