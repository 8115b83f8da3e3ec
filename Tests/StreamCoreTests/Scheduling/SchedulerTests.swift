import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct SchedulerTests {
    @Test func virtualSchedulerRunsDueActionsInDeadlineThenFIFOOrder() {
        let scheduler = TestScheduler()
        let log = Box<[String]>([])
        _ = scheduler.schedule(after: .seconds(2)) { log.mutate { $0.append("b@\(scheduler.now)") } }
        _ = scheduler.schedule(after: .seconds(1)) { log.mutate { $0.append("a@\(scheduler.now)") } }
        _ = scheduler.schedule(after: .seconds(2)) { log.mutate { $0.append("c@\(scheduler.now)") } }
        scheduler.schedule { log.mutate { $0.append("now@\(scheduler.now)") } }
        #expect(log.value.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(log.value == ["now@0.0 seconds", "a@1.0 seconds"])
        scheduler.advance(by: .seconds(1))
        #expect(log.value == ["now@0.0 seconds", "a@1.0 seconds", "b@2.0 seconds", "c@2.0 seconds"])
        #expect(scheduler.now == SchedulerTime(offset: .seconds(2)))
    }

    @Test func actionsScheduledWhileAdvancingRunWhenDue() {
        let scheduler = TestScheduler()
        let log = Box<[Duration]>([])
        _ = scheduler.schedule(after: .seconds(1)) {
            log.mutate { $0.append(scheduler.now.offset) }
            _ = scheduler.schedule(after: .zero) { log.mutate { $0.append(scheduler.now.offset) } }
            _ = scheduler.schedule(after: .seconds(5)) { log.mutate { $0.append(scheduler.now.offset) } }
        }
        scheduler.advance(by: .seconds(3))
        #expect(log.value == [.seconds(1), .seconds(1)])
        #expect(scheduler.now.offset == .seconds(3))
        scheduler.run()
        #expect(log.value == [.seconds(1), .seconds(1), .seconds(6)])
    }

    @Test func negativeDelayRunsAtTheCurrentInstantAfterEarlierActions() {
        let scheduler = TestScheduler()
        let log = Box<[String]>([])
        scheduler.schedule { log.mutate { $0.append("first") } }
        _ = scheduler.schedule(after: .seconds(-5)) { log.mutate { $0.append("second") } }
        scheduler.advance()
        #expect(log.value == ["first", "second"])
        #expect(scheduler.now == .zero)
    }

    @Test func disposedActionNeverRuns() {
        let scheduler = TestScheduler()
        let runs = Box(0)
        let token = scheduler.schedule(after: .seconds(1)) { runs.mutate { $0 += 1 } }
        #expect(scheduler.pendingCount == 1)
        token.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(2))
        #expect(runs.value == 0)
    }

    @Test func scheduleEveryStartsOneIntervalFromNow() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(10))
        let ticks = Box<[Duration]>([])
        let token = scheduler.schedule(every: .seconds(3)) { ticks.mutate { $0.append(scheduler.now.offset) } }
        scheduler.advance(by: .seconds(10))
        #expect(ticks.value == [.seconds(13), .seconds(16), .seconds(19)])
        token.dispose()
        scheduler.advance(by: .seconds(10))
        #expect(ticks.value.count == 3)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func contextSchedulesTheWork() {
        let scheduler = TestScheduler()
        let runs = Box(0)
        let context = scheduler.context
        #expect(!context.isImmediate)
        context.execute { runs.mutate { $0 += 1 } }
        #expect(runs.value == 0)
        scheduler.advance()
        #expect(runs.value == 1)
    }
}
