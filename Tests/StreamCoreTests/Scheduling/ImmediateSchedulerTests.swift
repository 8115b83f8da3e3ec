import TestSupport
import StreamCore
import Testing

@Suite struct ImmediateSchedulerTests {
    @Test func runsActionsSynchronouslyIgnoringDelays() {
        let scheduler = ImmediateScheduler()
        let log = Box<[String]>([])
        scheduler.schedule { log.mutate { $0.append("now") } }
        let delayed = scheduler.schedule(after: .seconds(3600)) { log.mutate { $0.append("delayed") } }
        log.mutate { $0.append("after") }
        #expect(log.value == ["now", "delayed", "after"])
        #expect(delayed.isDisposed)
    }

    @Test func repeatingActionRunsOnce() {
        let runs = Box(0)
        let token = ImmediateScheduler().schedule(every: .seconds(1)) { runs.mutate { $0 += 1 } }
        #expect(runs.value == 1)
        #expect(token.isDisposed)
    }

    @Test func nowFollowsTheMonotonicClock() {
        let scheduler = ImmediateScheduler()
        let first = scheduler.now
        let second = scheduler.now
        #expect(first <= second)
        #expect(first > .zero)
    }

    @Test func contextIsImmediate() {
        #expect(ImmediateScheduler().context.isImmediate)
    }
}
