import StreamCore
import StreamCoreTesting
import Testing

@Suite struct RecordedTests {
    @Test func equalityComparesTickAndValue() {
        #expect(Recorded(tick: 1, "a") == Recorded(tick: 1, "a"))
        #expect(Recorded(tick: 1, "a") != Recorded(tick: 2, "a"))
        #expect(Recorded(tick: 1, "a") != Recorded(tick: 1, "b"))
    }

    @Test func descriptionShowsValueAtTick() {
        let event = Recorded<Signal<Int, Never>.Event>(tick: 3, .next(7))
        #expect(event.description == "next(7)@3")
    }
}
