import StreamCore
import Testing

@Suite struct EventTests {
    typealias Event = Signal<Int, TestError>.Event

    @Test func classifiesTerminalEvents() {
        #expect(!Event.next(1).isTerminal)
        #expect(Event.completed.isTerminal)
        #expect(Event.failed(.boom).isTerminal)
    }

    @Test func exposesElementErrorAndCompletion() {
        #expect(Event.next(3).element == 3)
        #expect(Event.completed.element == nil)
        #expect(Event.failed(.boom).error == .boom)
        #expect(Event.next(1).completion == nil)
        #expect(Event.completed.completion == .finished)
        #expect(Event.failed(.boom).completion == .failure(.boom))
    }

    @Test func buildsTerminalEventsFromCompletions() {
        #expect(Event(completion: .finished) == .completed)
        #expect(Event(completion: .failure(.other(2))) == .failed(.other(2)))
    }
}
