@testable import StreamCore
import Testing

@Suite struct ThrottleStateMachineTests {
    @Test func firstElementOpensAWindowAndLaterOnesAreKept() {
        var machine = ThrottleStateMachine<Int>(mode: .latest)
        #expect(machine.element(1) == .sendAndOpenWindow)
        #expect(machine.element(2) == .none)
        #expect(machine.element(3) == .none)
        #expect(machine.windowEnded() == 3)
        #expect(machine.windowEnded() == nil)
        #expect(machine.element(4) == .sendAndOpenWindow)
    }

    @Test func firstModeKeepsTheFirstElementOfTheWindow() {
        var machine = ThrottleStateMachine<Int>(mode: .first)
        _ = machine.element(1)
        _ = machine.element(2)
        _ = machine.element(3)
        #expect(machine.windowEnded() == 2)
    }

    @Test func leadingModeKeepsNothing() {
        var machine = ThrottleStateMachine<Int>(mode: .leading)
        _ = machine.element(1)
        _ = machine.element(2)
        #expect(machine.windowEnded() == nil)
        #expect(machine.finished() == nil)
    }

    @Test func finishedReturnsTheKeptElement() {
        var machine = ThrottleStateMachine<Int>(mode: .latest)
        _ = machine.element(1)
        _ = machine.element(2)
        #expect(machine.finished() == 2)
    }
}
