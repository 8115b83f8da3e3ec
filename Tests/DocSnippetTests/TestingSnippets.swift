import Foundation
import StreamCore
import StreamCoreTesting
import Testing

// The snippets of StreamCoreTesting.docc: Testing.md and StreamCoreTesting.md. Most of them are
// tests themselves, run with the others.

@Suite struct TestingSnippets {
    // snippet: TestingDebounce
    @Test func debounceKeepsTheLastOfABurst() throws {
        let scheduler = TestScheduler()                       // one tick = one second
        let input = try scheduler.coldSignal("-ab---c|")
        try scheduler.expectMarbles(
            input.debounce(for: .seconds(2), on: scheduler),
            "----b--(c|)"
        )
    }
    // end

    // snippet: TestingValues
    @Test func doublesEachElement() throws {
        let scheduler = TestScheduler()
        let numbers = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2])
        try scheduler.expectMarbles(numbers.map { $0 * 2 }, "-x-y|", values: ["x": 2, "y": 4])
    }
    // end

    // snippet: TestingErrors
    enum NetworkError: Error, Equatable { case timeout }

    @Test func retryResubscribes() throws {
        let scheduler = TestScheduler()
        let flaky = try scheduler.coldSignal("-a#", values: ["a": "a"], error: NetworkError.timeout)
        try scheduler.expectMarbles(flaky.retry(1), "-a-a#", error: NetworkError.timeout)
        #expect(flaky.subscriptions == [TestSubscription(0, 2), TestSubscription(2, 4)])
    }
    // end

    // snippet: TestingHot
    @Test func lateObserversMissHotEvents() throws {
        let scheduler = TestScheduler()
        let clicks = try scheduler.hotSignal("-a-b-c|")
        scheduler.advance(byTicks: 2)                         // a is gone
        try scheduler.expectMarbles(clicks, "-b-c|")          // columns count from now
    }
    // end

    // snippet: TestingRecorder
    @Test func recorderKeepsEveryEventWithItsTick() {
        let scheduler = TestScheduler()
        let timer = Signal<Int, Never>.interval(.seconds(1), on: scheduler).take(first: 3)
        let recorder = scheduler.record(timer)
        scheduler.advance(byTicks: 10)
        #expect(recorder.elements == [0, 1, 2])
        #expect(recorder.events.map(\.tick) == [1, 2, 3, 3])
        #expect(recorder.marbles(values: ["a": 0, "b": 1, "c": 2]) == "-ab(c|)")
    }
    // end

    @Test func mismatchIsReadable() throws {
        #expect(try Output.capture(TestingPrintSnippets.mismatch) == ["first difference at tick 3"])
    }
}

enum TestingPrintSnippets {
    static func mismatch() throws {
        // snippet: TestingMismatch
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b|")
        let mismatch = scheduler.assertMarbles(source, "-a--b|")
        print(mismatch.map { "first difference at tick \($0.firstDifferingTick ?? -1)" } ?? "match")
        // end
    }
}
