import StreamCore
import StreamCoreTesting
import Testing

@Suite struct TestSchedulerMarblesTests {
    @Test func matchingEventsGiveNoMismatch() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b-c|")
        #expect(scheduler.assertMarbles(source.map { $0.uppercased() }, "-A-B-C|") == nil)
        try scheduler.expectMarbles(source, "-a-b-c|")
    }

    @Test func differentValueReportsTheFirstDifferingTick() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2], error: TestFailure?.none)
        let mismatch = scheduler.assertMarbles(source.map { $0 == 2 ? 3 : $0 }, "-a-b|", values: ["a": 1, "b": 2, "c": 3])
        #expect(mismatch?.firstDifferingTick == 3)
        #expect(mismatch?.expected == "-a-b|")
        #expect(mismatch?.actual == "-a-c|")
        #expect(mismatch?.detail == "at tick 3: expected [next(2)], got [next(3)]")
    }

    @Test func missingAndExtraEventsAreMismatches() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b|")
        #expect(scheduler.assertMarbles(source, "-a-b-c|")?.firstDifferingTick == 4)
        #expect(scheduler.assertMarbles(source, "-a|")?.firstDifferingTick == 2)
        #expect(scheduler.assertMarbles(source, "--a-b|")?.firstDifferingTick == 1)
    }

    @Test func failuresCompareTheirErrors() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a#", values: ["a": 1], error: TestFailure.boom)
        #expect(scheduler.assertMarbles(source, "-a#", values: ["a": 1], error: .boom) == nil)
        #expect(scheduler.assertMarbles(source, "-a#", values: ["a": 1], error: .other)?.firstDifferingTick == 2)
    }

    @Test func expectedDiagramIsReadFromTheCurrentTick() throws {
        let scheduler = TestScheduler()
        scheduler.advance(byTicks: 10)
        let source: TestSignal<String, Never> = try scheduler.coldSignal("--x|")
        try scheduler.expectMarbles(source, "--x|")
    }

    @Test func disposeAtRecordsTheFirstTicksThenDisposes() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a-b-c|")
        try scheduler.expectMarbles(source, "-a-", disposeAt: 3)
        #expect(source.subscriptions == [TestSubscription(0, 2)])
        try scheduler.expectMarbles(source, "", disposeAt: 0)
    }

    @Test func signalThatNeverGoesIdleIsReported() {
        let scheduler = TestScheduler()
        let ticking = Signal<Int, Never>(sequence: 0..., interval: .seconds(1), scheduler: scheduler)
        let mismatch = scheduler.assertMarbles(ticking, "-a-b", values: ["a": 0, "b": 1])
        #expect(mismatch?.firstDifferingTick == nil)
        #expect(mismatch?.detail.contains("never went idle") == true)
    }

    @Test func malformedExpectationIsReportedNotTrapped() {
        let scheduler = TestScheduler()
        let mismatch = scheduler.assertMarbles(Signal<Int, Never>.completed(), "-(|")
        #expect(mismatch?.firstDifferingTick == nil)
        #expect(mismatch?.detail.contains("unclosed group") == true)
    }

    @Test func reportFailureReceivesTheMismatchWithTheCallSite() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a|")
        let reported = LockedState<[MarbleMismatch]>([])
        scheduler.assertMarbles(source, "-a|") { mismatch in reported.withLock { $0.append(mismatch) } }
        #expect(reported.withLock { $0 }.isEmpty)
        let line = #line + 1
        scheduler.assertMarbles(source, "--a|") { mismatch in reported.withLock { $0.append(mismatch) } }
        let mismatches = reported.withLock { $0 }
        #expect(mismatches.count == 1)
        #expect(mismatches.first?.location?.line == line)
        #expect(mismatches.first?.location?.fileID.hasSuffix("TestScheduler+MarblesTests.swift") == true)
    }

    @Test func swiftTestingHelperRecordsAnIssueAtTheCallSite() throws {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = try scheduler.coldSignal("-a|")
        withKnownIssue {
            scheduler.assertMarbles(source, "-b|") { mismatch in
                let location = mismatch.location ?? MarbleSourceLocation()
                Issue.record(
                    Comment(rawValue: mismatch.description),
                    sourceLocation: SourceLocation(
                        fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
                    )
                )
            }
        }
    }

    @Test func expectMarblesThrowsTheMismatch() {
        let scheduler = TestScheduler()
        #expect(throws: MarbleMismatch.self) {
            try scheduler.expectMarbles(Signal<String, Never>.just("a"), "-a|")
        }
    }
}
