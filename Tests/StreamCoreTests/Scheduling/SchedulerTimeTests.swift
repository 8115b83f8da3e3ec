import StreamCore
import Testing

@Suite struct SchedulerTimeTests {
    @Test func arithmeticMovesAlongTheClock() {
        let start = SchedulerTime(offset: .seconds(10))
        let later = start + .milliseconds(1500)
        #expect(later.offset == .milliseconds(11_500))
        #expect(later - start == .milliseconds(1500))
        #expect(start - later == .milliseconds(-1500))
        #expect(later - .milliseconds(1500) == start)
        #expect(start.advanced(by: .seconds(-20)) == SchedulerTime(offset: .seconds(-10)))
        #expect(start.duration(to: later) == .milliseconds(1500))
    }

    @Test func instantsOrderByOffset() {
        let times = [SchedulerTime(offset: .seconds(3)), .zero, SchedulerTime(offset: .seconds(-1))]
        #expect(times.sorted().map(\.offset) == [.seconds(-1), .zero, .seconds(3)])
        #expect(SchedulerTime.zero < SchedulerTime(offset: .nanoseconds(1)))
        #expect(Set([SchedulerTime.zero, SchedulerTime(offset: .zero)]).count == 1)
    }

    @Test func descriptionShowsTheOffset() {
        #expect(SchedulerTime(offset: .seconds(2)).description == Duration.seconds(2).description)
    }
}
