@testable import StreamCore
import Testing

@Suite struct DelayQueueTests {
    @Test func popsOnlyDueEventsOldestFirst() {
        var queue = DelayQueue<String>()
        queue.append("a", dueAt: SchedulerTime(offset: .seconds(1)))
        queue.append("b", dueAt: SchedulerTime(offset: .seconds(2)))
        #expect(queue.count == 2)
        #expect(queue.popDue(at: .zero) == nil)
        #expect(queue.popDue(at: SchedulerTime(offset: .seconds(1))) == "a")
        #expect(queue.popDue(at: SchedulerTime(offset: .seconds(1))) == nil)
        #expect(queue.nextDeadline == SchedulerTime(offset: .seconds(2)))
        #expect(queue.popDue(at: SchedulerTime(offset: .seconds(9))) == "b")
        #expect(queue.nextDeadline == nil)
        #expect(queue.count == 0)
    }

    @Test func compactsWhileStayingInOrder() {
        var queue = DelayQueue<Int>()
        for index in 0..<100 { queue.append(index, dueAt: SchedulerTime(offset: .seconds(Int64(index)))) }
        var popped: [Int] = []
        for index in 0..<70 {
            if let value = queue.popDue(at: SchedulerTime(offset: .seconds(Int64(index)))) { popped.append(value) }
        }
        for index in 100..<110 { queue.append(index, dueAt: SchedulerTime(offset: .seconds(Int64(index)))) }
        while let value = queue.popDue(at: SchedulerTime(offset: .seconds(1_000))) { popped.append(value) }
        #expect(popped == Array(0..<110))
    }
}
