import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

/// Every count, size, index and limit a user passes may be zero, negative or huge: the documented
/// behaviour follows (never a trap, never an unbounded allocation).
@Suite struct CountsAndSizesBadInputTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let build: @Sendable (Signal<Int, Never>) -> Signal<Int, Never>
        /// The elements of `build(sequence(1...5))` and whether it completes.
        let expected: [Int]
    }

    static let cases: [Case] = [
        Case(description: "take(first: -1) completes at once", build: { $0.take(first: -1) }, expected: []),
        Case(description: "take(first: 0) completes at once", build: { $0.take(first: 0) }, expected: []),
        Case(description: "take(first: .max) takes all", build: { $0.take(first: .max) }, expected: [1, 2, 3, 4, 5]),
        Case(description: "take(last: -1) sends nothing", build: { $0.take(last: -1) }, expected: []),
        Case(description: "take(last: .max) keeps all", build: { $0.take(last: .max) }, expected: [1, 2, 3, 4, 5]),
        Case(description: "skip(first: -3) drops nothing", build: { $0.skip(first: -3) }, expected: [1, 2, 3, 4, 5]),
        Case(description: "skip(first: .max) drops all", build: { $0.skip(first: .max) }, expected: []),
        Case(description: "skip(last: -3) drops nothing", build: { $0.skip(last: -3) }, expected: [1, 2, 3, 4, 5]),
        Case(description: "skip(last: .max) drops all", build: { $0.skip(last: .max) }, expected: []),
        Case(description: "buffer(size: 0) is size 1", build: { $0.buffer(size: 0).map { $0.reduce(0, +) } }, expected: [1, 2, 3, 4, 5]),
        Case(description: "buffer(size: -7) is size 1", build: { $0.buffer(size: -7).map { $0.count } }, expected: [1, 1, 1, 1, 1]),
        Case(description: "buffer(size: .max) flushes on completion", build: { $0.buffer(size: .max).map { $0.count } }, expected: [5]),
        Case(description: "element(at: -1) completes at once", build: { $0.element(at: -1) }, expected: []),
        Case(description: "element(at: .max) completes without element", build: { $0.element(at: .max) }, expected: []),
        Case(description: "retry(-1) observes once", build: { $0.retry(-1) }, expected: [1, 2, 3, 4, 5]),
        Case(description: "shareReplay(limit: -3)", build: { $0.shareReplay(limit: -3) }, expected: [1, 2, 3, 4, 5]),
        Case(description: "share(limit: -3)", build: { $0.share(limit: -3) }, expected: [1, 2, 3, 4, 5]),
        Case(description: "replay(limit: -3).refCount()", build: { $0.replay(limit: -3).refCount() }, expected: [1, 2, 3, 4, 5]),
    ]

    @Test(arguments: cases)
    func countsOutOfRangeFollowTheDocumentation(_ badCase: Case) {
        let recorder = Recorder<Int, Never>()
        _ = badCase.build(Signal.sequence(1...5)).observe(with: recorder.observer)
        #expect(recorder.elements == badCase.expected)
        #expect(recorder.events.last == .completed)
    }

    @Test func negativeReplayLimitsReplayOnlyTheTerminalEvent() {
        let subject = PassthroughSubject<Int, Never>()
        let replayed = subject.replay(limit: -3)
        let connection = replayed.connect()
        subject.send(1)
        subject.send(completion: .finished)
        let late = Recorder<Int, Never>()
        _ = replayed.observe(with: late.observer)
        #expect(late.events == [.completed])
        connection.dispose()

        let replaying = ReplaySubject<Int, Never>(bufferSize: -3)
        replaying.send(1)
        let observer = Recorder<Int, Never>()
        _ = replaying.observe(with: observer.observer)
        #expect(observer.events.isEmpty)
        replaying.send(completion: .finished)
        let afterEnd = Recorder<Int, Never>()
        _ = replaying.observe(with: afterEnd.observer)
        #expect(afterEnd.events == [.completed])
    }

    @Test func hugeReplayLimitsDoNotPreallocate() {
        let subject = ReplaySubject<Int, Never>(bufferSize: .max)
        let shared = PassthroughSubject<Int, Never>().shareReplay(limit: .max)
        subject.send(1)
        let recorder = Recorder<Int, Never>()
        bag += subject.observe(with: recorder.observer)
        bag += shared.observe(with: recorder.observer)
        #expect(recorder.elements == [1])
    }

    @Test func negativeAndZeroDurationsMeanAsSoonAsPossible() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b|")
        try scheduler.expectMarbles(source.delay(for: .seconds(-5), on: scheduler), "-a-b|")
        try scheduler.expectMarbles(source.debounce(for: .seconds(-1), on: scheduler), "-a-b|")
        try scheduler.expectMarbles(source.debounce(for: .zero, on: scheduler), "-a-b|")
        try scheduler.expectMarbles(source.throttle(for: .seconds(-1), on: scheduler, latest: true), "-a-b|")
    }

    @Test func aZeroOrNegativeIntervalIsRaisedToTheMinimumInsteadOfSpinning() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal<Int, Never>.interval(-1.0, on: scheduler).take(first: 3))
        #expect(scheduler.run(maximumActions: 100))
        #expect(recorder.elements == [0, 1, 2])
        #expect(recorder.isTerminated)
    }

    @Test func malformedMarblesThrowATypedError() {
        let scheduler = TestScheduler()
        #expect(throws: MarbleSyntaxError.self) { try scheduler.coldSignal("-a(b") }
        #expect(throws: MarbleSyntaxError.self) { try scheduler.coldSignal("-a|b") }
        #expect(throws: MarbleSyntaxError.self) { try scheduler.coldSignal("-#") }
    }
}
