@testable import StreamCore
import Testing

@Suite struct DebounceStateMachineTests {
    @Test func timerSendsTheLatestElementOnce() {
        var machine = DebounceStateMachine<Int>()
        machine.element(1)
        machine.element(2)
        #expect(machine.timerFired() == 2)
        #expect(machine.timerFired() == nil)
    }

    @Test func completionFlushesThePendingElement() {
        var machine = DebounceStateMachine<Int>()
        machine.element(3)
        #expect(machine.finished() == 3)
        #expect(machine.finished() == nil)
    }

    @Test func failureDropsThePendingElement() {
        var machine = DebounceStateMachine<Int>()
        machine.element(3)
        machine.failed()
        #expect(machine.timerFired() == nil)
    }
}
