import StreamCore
import StreamCoreTesting
import Testing

@Suite struct MarblesTests {
    typealias Events = [Recorded<Signal<Int, TestFailure>.Event>]

    @Test func eachCharacterIsOneTick() throws {
        let events: Events = try Marbles.parse("-a-b--c|", values: ["a": 1, "b": 2, "c": 3])
        #expect(
            events == [
                Recorded(tick: 1, .next(1)), Recorded(tick: 3, .next(2)),
                Recorded(tick: 6, .next(3)), Recorded(tick: 7, .completed),
            ])
    }

    @Test func hashFailsWithTheGivenError() throws {
        let events: Events = try Marbles.parse("a-#", values: ["a": 1], error: .boom)
        #expect(events == [Recorded(tick: 0, .next(1)), Recorded(tick: 2, .failed(.boom))])
    }

    @Test func groupsShareATickAndKeepLaterColumnsAligned() throws {
        let events: Events = try Marbles.parse("--(ab)-c|", values: ["a": 1, "b": 2, "c": 3])
        #expect(
            events == [
                Recorded(tick: 2, .next(1)), Recorded(tick: 2, .next(2)),
                Recorded(tick: 7, .next(3)), Recorded(tick: 8, .completed),
            ])
    }

    @Test func spacesAreIgnored() throws {
        let events: Events = try Marbles.parse("  -a |", values: ["a": 1])
        #expect(events == [Recorded(tick: 1, .next(1)), Recorded(tick: 2, .completed)])
    }

    @Test func stringElementsStandForThemselves() throws {
        let events: [Recorded<Signal<String, Never>.Event>] = try Marbles.parse("-x|", values: [:])
        #expect(events == [Recorded(tick: 1, .next("x")), Recorded(tick: 2, .completed)])
    }

    @Test func renderDrawsTicksValuesGroupsAndTerminals() {
        let events: Events = [
            Recorded(tick: 1, .next(1)), Recorded(tick: 3, .next(2)), Recorded(tick: 3, .next(9)),
            Recorded(tick: 8, .failed(.boom)),
        ]
        #expect(Marbles.render(events, values: ["a": 1, "b": 2]) == "-a-(b?)-#")
    }

    @Test func renderStartsAtTheGivenTick() {
        let events: [Recorded<Signal<String, Never>.Event>] = [Recorded(tick: 5, .next("x")), Recorded(tick: 7, .completed)]
        #expect(Marbles.render(events, from: 4) == "-x-|")
    }

    @Test func parseThenRenderRoundTrips() throws {
        let marbles = "-a--b-c|"
        let events: [Recorded<Signal<String, Never>.Event>] = try Marbles.parse(marbles, values: [:])
        #expect(Marbles.render(events) == marbles)
    }
}

enum TestFailure: Error, Equatable {
    case boom
    case other
}
