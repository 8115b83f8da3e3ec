import TestSupport
import FeedbackLoop
import StreamCore
import Testing

private struct AppState: Equatable, Sendable {
    var counter = 0
    var log: [String] = []
    var detail: Int?
}

private enum AppEvent: Equatable, Sendable {
    case counter(CounterEvent)
    case detail(CounterEvent)
    case logged(String)
    case showDetail(Bool)

    var counter: CounterEvent? {
        if case .counter(let event) = self { event } else { nil }
    }

    var detail: CounterEvent? {
        if case .detail(let event) = self { event } else { nil }
    }
}

private let counterReducer = Reducer<Int, CounterEvent>({ count, event in
    switch event {
    case .increment: count + 1
    case .decrement: count - 1
    }
})

private let appReducer = Reducer<AppState, AppEvent>(mutating: { state, event in
    switch event {
    case .logged(let line): state.log.append(line)
    case .showDetail(let shown): state.detail = shown ? 0 : nil
    case .counter, .detail: break
    }
})

/// Pullback of reducers and feedbacks: a parent loop embedding a child counter loop.
@Suite struct PullbackTests {
    @Test func aParentLoopRunsTheChildCounterOnItsPartOfTheState() {
        let childStates = Box<[Int]>([])
        // The child loop's feedback: count up to 3, recording the child states it sees.
        let countUp = Feedback<Int, CounterEvent>(events: { states in
            states.compactMap { count in
                childStates.mutate { $0.append(count) }
                return count < 3 ? CounterEvent.increment : nil
            }
        })
        let (input, send) = Feedback<AppState, AppEvent>.input
        let system = Signal<AppState, Never>.system(
            initial: AppState(),
            reducer: .combine(counterReducer.pullback(value: \AppState.counter, event: \AppEvent.counter), appReducer),
            feedbacks: [countUp.pullback(value: \AppState.counter, embedEvent: AppEvent.counter), input]
        )
        let states = Box<[AppState]>([])
        let observation = system.observeNext { state in states.mutate { $0.append(state) } }
        send(.logged("hello"))
        observation.dispose()

        #expect(
            states.value == [
                AppState(counter: 0),
                AppState(counter: 1),
                AppState(counter: 2),
                AppState(counter: 3),
                AppState(counter: 3, log: ["hello"]),
            ])
        // The child feedback saw the child part of every state (the parent's event repeats it).
        #expect(childStates.value == [0, 1, 2, 3, 3])
    }

    @Test func eventsTheExtractorRejectsLeaveTheStateUnchanged() throws {
        let reducer = counterReducer.pullback(value: \AppState.counter, event: \AppEvent.counter)
        let state = AppState(counter: 5, log: ["a"])
        #expect(try reducer(state, .logged("b")) == state)
        #expect(try reducer(state, .detail(.increment)) == state)
        #expect(try reducer(state, .counter(.decrement)) == AppState(counter: 4, log: ["a"]))
    }

    @Test func theOptionalReducerRunsOnlyWhileThePartIsPresent() throws {
        let reducer = counterReducer.pullback(value: \AppState.detail, event: \AppEvent.detail)
        let absent = AppState()
        #expect(try reducer(absent, .detail(.increment)) == absent)
        let present = AppState(detail: 1)
        #expect(try reducer(present, .detail(.increment)) == AppState(detail: 2))
        #expect(try reducer(present, .counter(.increment)) == present)
    }

    @Test func thePulledBackFeedbackKeepsTheChildContextAndName() {
        let child = Feedback<Int, CounterEvent>(reacting: { _ in nil })
            .named("counter")
            .execute(on: .global())
        let global = child.pullback(value: \AppState.counter, embedEvent: AppEvent.counter)
        #expect(global.name == "counter")
        #expect(global.context != nil)
        #expect(global.context?.isImmediate == false)
        let optional = child.pullback(value: \AppState.detail, embedEvent: AppEvent.detail)
        #expect(optional.name == "counter")
        #expect(optional.context != nil)
        let plain = Feedback<Int, CounterEvent>(reacting: { _ in nil })
            .pullback(value: \AppState.counter, embedEvent: AppEvent.counter)
        #expect(plain.name == nil)
        #expect(plain.context == nil)
    }

    @Test func theOptionalFeedbackRunsWhileThePartIsPresentAndIsDisposedWhenItGoes() {
        let subscriptions = Box(0)
        let disposals = Box(0)
        let seen = Box<[Int]>([])
        let taps = PassthroughSubject<Void, Never>()
        // The detail feedback: taps increment the detail counter; it records what it sees.
        let detail = Feedback<Int, CounterEvent>(events: { states in
            Signal<CounterEvent, Never> { observer in
                subscriptions.value += 1
                let seeing = states.observeNext { count in seen.mutate { $0.append(count) } }
                let tapping = taps.observeNext { observer.receive(.increment) }
                return BlockDisposable {
                    disposals.value += 1
                    seeing.dispose()
                    tapping.dispose()
                }
            }
        })
        let (input, send) = Feedback<AppState, AppEvent>.input
        let system = Signal<AppState, Never>.system(
            initial: AppState(),
            reducer: .combine(counterReducer.pullback(value: \AppState.detail, event: \AppEvent.detail), appReducer),
            feedbacks: [detail.pullback(value: \AppState.detail, embedEvent: AppEvent.detail), input]
        )
        let states = Box<[AppState]>([])
        let observation = system.observeNext { state in states.mutate { $0.append(state) } }
        taps.send(())  // no detail: nobody listens
        #expect(subscriptions.value == 0)
        send(.showDetail(true))
        #expect(subscriptions.value == 1)
        taps.send(())
        taps.send(())
        send(.showDetail(false))  // the run ends: its effects are disposed
        #expect(disposals.value == 1)
        #expect(taps.observerCount == 0)
        taps.send(())
        send(.showDetail(true))  // a new run, from the new part
        #expect(subscriptions.value == 2)
        taps.send(())
        observation.dispose()
        #expect(disposals.value == 2)
        #expect(taps.observerCount == 0)

        #expect(states.value.map(\.detail) == [nil, 0, 1, 2, nil, 0, 1])
        #expect(seen.value == [0, 1, 2, 0, 1])
    }
}
