import TestSupport
import FeedbackLoop
import FeedbackLoopTesting
import StreamCore
import StreamCoreTesting
import Testing

private struct Tally: Equatable, Sendable {
    var count = 0
    var name = "tally"
    var log: [String] = []
}

private enum TallyEvent: Equatable, Sendable {
    case increment
    case rename(String)
    case note(String)
}

private func reduceTally(_ state: Tally, _ event: TallyEvent) -> Tally {
    var state = state
    switch event {
    case .increment: state.count += 1
    case .rename(let name): state.name = name
    case .note(let line): state.log.append(line)
    }
    return state
}

/// Whether an issue's comments contain `text`.
private func mentions(_ issue: Issue, _ text: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains(text) }
}

/// `TestLoop`: exhaustive stepping of a loop, on virtual time.
@Suite struct TestLoopTests {
    // MARK: The seed's movie paging

    @Test func moviePagingLoadsFailsRetriesAndLoadsOnVirtualTime() {
        let scheduler = TestScheduler()
        let failure = APIError(message: "offline")
        let api = FakeMovieAPI(scheduler: scheduler, script: [2: [.failure(failure), .success(.page(2))]])
        let nearBottom = PassthroughSubject<Void, Never>()
        let retryTaps = PassthroughSubject<Void, Never>()
        let loop = TestLoop(
            initial: MovieState.initial,
            reduce: MovieState.reduce,
            feedbacks: MovieFeedbacks.all(api: api, nearBottom: nearBottom.toSignal(), retry: retryTaps.toSignal())
        )
        let page1 = MovieContext.loaded(through: 1)

        nearBottom.send(())
        loop.receive(.startLoadingNextPage) { $0 = .paging(context: .empty) }
        #expect(api.requests.value == [1])
        #expect(loop.receivedEvents.isEmpty)  // the API answers only on virtual time
        scheduler.advance(by: .seconds(1))
        loop.receive(where: { if case .response = $0 { true } else { false } }) {
            $0 = .loadedPage(context: page1)
        }

        nearBottom.send(())
        loop.receive(.startLoadingNextPage) { $0 = .paging(context: page1) }
        scheduler.advance(by: .seconds(1))
        loop.receive(.failed(failure)) { $0 = .error(error: failure, context: page1) }

        retryTaps.send(())
        loop.receive(.retry) { $0 = .retry(context: page1) }
        scheduler.advance(by: .seconds(1))
        loop.receive(.response(.page(2))) { $0 = .loadedPage(context: .loaded(through: 2)) }

        #expect(api.requests.value == [1, 2, 2])
        loop.finish(scheduler: scheduler)  // no request still in flight
        #expect(nearBottom.observerCount == 0)  // finish disposed the feedbacks
        #expect(retryTaps.observerCount == 0)
    }

    @Test func anEffectOnVirtualTimeIsNotReceivedBeforeTheSchedulerAdvances() {
        let scheduler = TestScheduler(tick: .milliseconds(1))
        let api = FakeMovieAPI(scheduler: scheduler)
        let loop = TestLoop(
            initial: MovieState.paging(context: .empty),
            reduce: MovieState.reduce,
            feedbacks: [MovieFeedbacks.paging(api: api)]
        )
        withKnownIssue {
            loop.receive(.response(.page(1)))
        } matching: { issue in
            mentions(issue, "Expected to receive response") && mentions(issue, "advance the TestScheduler")
        }
        scheduler.advance(by: .milliseconds(999))
        #expect(loop.receivedEvents.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(loop.receivedEvents == [.response(.page(1))])
        loop.receive(.response(.page(1))) { $0 = .loadedPage(context: .loaded(through: 1)) }
        loop.finish()
    }

    @Test func finishingWhileARequestIsInFlightFails() {
        let scheduler = TestScheduler()
        let api = FakeMovieAPI(scheduler: scheduler)
        let loop = TestLoop(
            initial: MovieState.paging(context: .empty),
            reduce: MovieState.reduce,
            feedbacks: [MovieFeedbacks.paging(api: api)]
        )
        withKnownIssue {
            loop.finish(scheduler: scheduler)
        } matching: { issue in
            mentions(issue, "1 action is still scheduled on the TestScheduler: an effect is still running")
        }
        #expect(api.cancellations.value == [1])  // finish disposed the request anyway
        #expect(scheduler.pendingCount == 0)
    }

    @Test func receivingByPredicateFailsWhenTheOldestEventDoesNotMatch() {
        let (input, emit) = Feedback<Tally, TallyEvent>.input
        let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input])
        emit(.increment)
        withKnownIssue {
            loop.receive(where: { if case .note = $0 { true } else { false } })
        } matching: { issue in
            mentions(issue, "Expected to receive an event matching the predicate, but feedback #0 sent increment")
        }
        #expect(loop.state.count == 1)
        loop.finish()
    }

    // MARK: Stepping

    @Test func theInitialStateIsDeliveredAtInitAndFeedbackEventsWaitToBeReceived() {
        let seen = Box<[Int]>([])
        let countUp = Feedback<Tally, TallyEvent>(reacting: { tally in
            seen.mutate { $0.append(tally.count) }
            return tally.count < 2 ? .increment : nil
        })
        let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [countUp])
        #expect(seen.value == [0])
        #expect(loop.receivedEvents == [.increment])
        #expect(loop.state.count == 0)  // received events are not reduced
        loop.receive(.increment) { $0.count = 1 }
        #expect(seen.value == [0, 1])
        loop.receive(.increment) { $0.count = 2 }
        #expect(seen.value == [0, 1, 2])
        #expect(loop.receivedEvents.isEmpty)
        loop.send(.rename("x")) { $0.name = "x" }
        #expect(seen.value == [0, 1, 2, 2])
        loop.finish()
    }

    @Test func aWrongStateReportsOnlyTheChangedFieldsAtTheSendLine() {
        let loop = TestLoop(initial: Tally(), reduce: reduceTally)
        let line = #line + 2
        withKnownIssue {
            loop.send(.increment) { $0.count = 2 }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == #fileID
                && issue.comments.map(\.rawValue) == [  // name and log are unchanged: not printed
                    "State after send(increment) differs from the expectation (− expected, + actual):\n"
                        + "− count: 2\n"
                        + "+ count: 1"
                ]
        }
        #expect(loop.state.count == 1)  // the loop goes on with the actual state
        loop.send(.increment) { $0.count = 2 }
        loop.finish()
    }

    @Test func statesThatAreNotEquatableAreComparedWithAFunction() {
        struct Clip: Sendable {  // not Equatable: holds a closure
            var position = 0
            var onEnd: @Sendable () -> Void = {}
        }
        let seek = Reducer<Clip, Int> { state, position in state.position = position }
        let loop = TestLoop(initial: Clip(), reducer: seek, isEqual: { $0.position == $1.position })
        loop.send(3) { $0.position = 3 }
        withKnownIssue {
            loop.send(4) { $0.position = 5 }
        } matching: { issue in
            mentions(issue, "− position: 5\n+ position: 4")
        }
        loop.finish()
    }

    @Test func omittingTheAssertionMeansTheStateMustNotChange() {
        let loop = TestLoop(initial: Tally(), reduce: reduceTally)
        loop.send(.rename("tally"))
        withKnownIssue {
            loop.send(.increment)
        } matching: { issue in
            mentions(issue, "differs")
        }
        loop.finish()
    }

    @Test func anUnassertedEventFailsAtFinish() {
        let (input, emit) = Feedback<Tally, TallyEvent>.input
        let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input.named("input")])
        emit(.note("a"))
        withKnownIssue {
            loop.finish()
        } matching: { issue in
            mentions(issue, "1 received event not asserted: note(\"a\") (from input)")
        }
    }

    @Test func anUnassertedEventFailsAtDeinitWhereTheLoopWasCreated() {
        let (input, emit) = Feedback<Tally, TallyEvent>.input
        let initLine = #line + 2
        withKnownIssue {
            let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input])
            emit(.increment)
            emit(.increment)
            _ = loop
        } matching: { issue in
            mentions(issue, "TestLoop deallocated with 2 received events not asserted")
                && issue.sourceLocation?.line == initLine
                && issue.sourceLocation?.fileID.hasSuffix("TestLoopTests.swift") == true
        }
    }

    @Test func aFinishedOrFullyAssertedLoopDoesNotFailAtDeinit() {
        let (input, emit) = Feedback<Tally, TallyEvent>.input
        do {
            let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input])
            emit(.increment)
            loop.receive(.increment) { $0.count = 1 }
        }
        do {
            let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input], exhaustivity: .off)
            emit(.increment)
            _ = loop
        }
    }

    @Test func receivingAnotherEventFailsAndReducesTheEventThatCame() {
        let (input, emit) = Feedback<Tally, TallyEvent>.input
        let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input.named("input")])
        emit(.note("a"))
        withKnownIssue {
            loop.receive(.increment) { $0.count = 1 }
        } matching: { issue in
            mentions(issue, "Expected to receive increment, but input sent note(\"a\")")
        }
        #expect(loop.state == Tally(log: ["a"]))
        #expect(loop.receivedEvents.isEmpty)
        loop.finish()
    }

    @Test func sendingWhileEventsAreUnassertedFails() {
        let (input, emit) = Feedback<Tally, TallyEvent>.input
        let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input])
        emit(.note("a"))
        withKnownIssue {
            loop.send(.increment) { $0.count = 1 }
        } matching: { issue in
            mentions(issue, "Must assert 1 received event not asserted: note(\"a\")")
        }
        loop.receive(.note("a")) { $0.log = ["a"] }
        loop.finish()
    }

    @Test func skippingReceivedEventsReducesThemUnchecked() {
        let (input, emit) = Feedback<Tally, TallyEvent>.input
        let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input])
        emit(.increment)
        emit(.note("a"))
        loop.skipReceivedEvents()
        #expect(loop.state == Tally(count: 1, log: ["a"]))
        #expect(loop.receivedEvents.isEmpty)
        loop.finish()
    }

    @Test func sendingAfterFinishFails() {
        let loop = TestLoop(initial: Tally(), reduce: reduceTally)
        loop.finish()
        withKnownIssue {
            loop.send(.increment) { $0.count = 1 }
        } matching: { issue in
            mentions(issue, "after finish()")
        }
        #expect(loop.state.count == 0)
    }

    // MARK: Exhaustivity off

    @Test func nonExhaustiveAssertionsCheckOnlyWhatTheyChange() {
        let loop = TestLoop(initial: Tally(), reduce: reduceTally, exhaustivity: .off)
        loop.send(.increment)  // nothing asserted, nothing checked
        loop.send(.rename("x")) { $0.name = "x" }  // count (now 1) is not asserted
        withKnownIssue {
            loop.send(.increment) { $0.name = "y" }
        } matching: { issue in
            mentions(issue, "differs from the expectation in what the assertion sets")
                && mentions(issue, "− name: \"y\"\n+ name: \"x\"")
        }
        #expect(loop.state == Tally(count: 2, name: "x"))
        loop.finish()
    }

    @Test func nonExhaustiveReceiveReducesTheOlderEventsFirst() {
        let (input, emit) = Feedback<Tally, TallyEvent>.input
        let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input], exhaustivity: .off)
        emit(.note("a"))
        emit(.increment)
        emit(.note("b"))
        emit(.note("c"))
        loop.receive(.note("b")) { $0.log = ["a", "b"] }
        #expect(loop.state == Tally(count: 1, log: ["a", "b"]))
        #expect(loop.receivedEvents == [.note("c")])
        withKnownIssue {
            loop.receive(.rename("never"))
        } matching: { issue in
            mentions(issue, "is not among 1 received event not asserted")
        }
        loop.finish()  // note("c") unasserted: fine when off
    }

    @Test func nonExhaustiveSendReducesTheReceivedEventsFirst() {
        let (input, emit) = Feedback<Tally, TallyEvent>.input
        let echo = Feedback<Tally, TallyEvent>(reacting: { $0.count == 1 && $0.log.isEmpty ? .note("one") : nil })
        let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input, echo], exhaustivity: .off)
        emit(.increment)
        loop.send(.rename("x")) { $0.name = "x" }
        // increment was reduced first, then note("one") that its state made `echo` send at once.
        #expect(loop.state == Tally(count: 1, name: "x", log: ["one"]))
        #expect(loop.receivedEvents.isEmpty)
        loop.finish()
    }

    @Test func exhaustivityCanBeSwitchedBetweenSteps() {
        let (input, emit) = Feedback<Tally, TallyEvent>.input
        let loop = TestLoop(initial: Tally(), reduce: reduceTally, feedbacks: [input])
        loop.exhaustivity = .off
        emit(.increment)
        loop.send(.rename("x")) { $0.name = "x" }
        loop.exhaustivity = .on
        #expect(loop.exhaustivity == .on)
        loop.send(.increment) { $0.count = 2 }
        loop.finish()
    }
}
