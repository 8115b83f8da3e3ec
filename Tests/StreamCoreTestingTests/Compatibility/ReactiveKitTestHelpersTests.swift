import TestSupport
import Foundation
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct ReactiveKitTestHelpersTests {
    @Test func accumulatorCollectsValuesAndCompletionAndNothingAfterIt() {
        let accumulator = Subscribers.Accumulator<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        _ = subject.observe(with: accumulator)
        subject.send(1)
        subject.send(2)
        #expect(accumulator.completion == nil)
        subject.send(completion: .finished)
        accumulator.on(.next(3))
        #expect(accumulator.values == [1, 2])
        #expect(accumulator.isFinished)
        #expect(!accumulator.isFailure)
    }

    @Test func waitAndCollectBlocksUntilASignalOnAnotherThreadTerminates() {
        let numbers = SafeSignal.sequence([1, 2, 3]).receive(on: .global())
        #expect(numbers.waitAndCollectElements() == [1, 2, 3])
        #expect(numbers.waitAndCollectEvents() == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func waitAndCollectGivesUpAfterTheTimeoutAndDisposes() {
        let subject = PassthroughSubject<Int, Never>()
        #expect(subject.prepend(1).waitAndCollectEvents(timeout: .milliseconds(20)) == [.next(1)])
        #expect(subject.observerCount == 0)
    }

    @Test func ignoreTerminalDropsCompletionAndFailure() {
        #expect(SafeSignal.sequence([1]).ignoreTerminal().waitAndCollectEvents(timeout: .milliseconds(20)) == [.next(1)])
        let failing = Signal<Int, HelperFailure>.failed(.boom).prepend(1).ignoreTerminal()
        #expect(failing.waitAndCollectEvents(timeout: .milliseconds(20)) == [.next(1)])
    }
}

private enum HelperFailure: Error, Equatable { case boom }
