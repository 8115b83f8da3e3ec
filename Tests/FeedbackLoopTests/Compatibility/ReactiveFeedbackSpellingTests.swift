import TestSupport
import FeedbackLoop
import Foundation
import StreamCore
import Testing

/// ReactiveFeedback's spellings mean what ReactiveFeedback users mean.
@Suite struct ReactiveFeedbackSpellingTests {
    struct Screen: Sendable, Equatable {
        var title = "home"
        var announcements: [String] = []
    }

    enum ScreenEvent: Sendable {
        case announced(String)
        case retitled(String)
    }

    private func reduce(_ screen: Screen, _ event: ScreenEvent) -> Screen {
        var next = screen
        switch event {
        case .announced(let title): next.announcements.append(title)
        case .retitled(let title): next.title = title
        }
        return next
    }

    @Test func aBareTrailingClosureRunsOneEffectPerStateNotOnePerLoop() {
        let retitle = PassthroughSubject<String, Never>()
        // The trap: if `state` were bound to the state *signal*, `Signal(just:)` would run once
        // per loop. `state.title` only compiles because `state` is a `Screen`.
        let announce = Feedback<Screen, ScreenEvent> { state in
            state.announcements.last == state.title ? .completed() : Signal(just: .announced(state.title))
        }
        let system = Signal<Screen, Never>.system(
            initial: Screen(),
            reduce: reduce,
            feedbacks: [announce, Feedback(events: retitle.map(ScreenEvent.retitled))]
        )
        let last = Box(Screen())
        let observation = system.observeNext { last.value = $0 }
        retitle.send("settings")
        retitle.send("profile")
        #expect(last.value.announcements == ["home", "settings", "profile"])
        observation.dispose()
    }

    @Test func aTrailingClosureThatIgnoresItsParameterIsStillOneEffectPerState() {
        // ReactiveFeedback's `Feedback { _ in Signal(just: …) }` type-checks against both the
        // per-state and the state-signal form; it must pick the per-state one.
        let subscriptions = Box(0)
        let counted = Signal<Int, Never> { observer in
            subscriptions.mutate { $0 += 1 }
            observer.receive(completion: .finished)
            return BlockDisposable {}
        }
        let perState = Feedback<Int, Int> { _ in counted }
        let input = PassthroughSubject<Int, Never>()
        let states = Box<[Int]>([])
        let observation = Signal<Int, Never>.system(initial: 0, reduce: +, feedbacks: [perState, Feedback(events: input)])
            .observeNext { state in states.mutate { $0.append(state) } }
        input.send(1)
        input.send(2)
        #expect(states.value == [0, 1, 3])
        #expect(subscriptions.value == 3)  // once per state; the state-signal reading would give 1
        observation.dispose()
    }

    @Test func theEffectsLabelIsPerStateTooAndEventsLabelTakesTheStateSignal() {
        let perState = Feedback<Int, Int>(effects: { state in state < 3 ? Signal(just: 1) : .completed() })
        let wholeSignal = Feedback<Int, Int>(events: { states in states.take(first: 1).map { _ in 10 } })
        let states = Box<[Int]>([])
        let observation = Signal<Int, Never>.system(initial: 0, reduce: +, feedbacks: [perState, wholeSignal])
            .observeNext { state in states.mutate { $0.append(state) } }
        // 0 answers +1 (per state) and +10 (whole signal, once); 1 answers +1, queued after +10.
        #expect(states.value == [0, 1, 11, 12])
        observation.dispose()
    }

    @Test func reactiveFeedbacksNestedSpellingMapsToTheModuleQualifiedFeedback() {
        // ReactiveFeedback's `FeedbackLoop<State, Event>.Feedback` cannot resolve here: the module
        // is `FeedbackLoop` and no type of that name hides it (Decision 0020). The documented
        // equivalent is `Feedback<State, Event>`, module-qualified if needed.
        let qualified: FeedbackLoop.Feedback<Int, Int> = Feedback<Int, Int>(effects: { _ in .completed() })
        #expect(ObjectIdentifier(type(of: qualified)) == ObjectIdentifier(Feedback<Int, Int>.self))
    }

    @Test func consumerFormSendsEventsEnqueuedToTheOutput() {
        let counter = Feedback<Int, Int> { states, output in
            states.filter { $0 < 3 }.map { _ in 1 }.enqueue(to: output)
        }
        let states = Box<[Int]>([])
        let observation = Signal<Int, Never>.feedbackLoop(initial: 0, reduce: +, feedbacks: [counter])
            .observeNext { state in states.mutate { $0.append(state) } }
        #expect(states.value == [0, 1, 2, 3])
        observation.dispose()
    }

    /// ReactiveFeedback's `Loop`-era reducer changes the state in place.
    @Test func feedbackLoopTakesAnInPlaceReducer() {
        struct Counter: Sendable, Equatable { var count = 0 }
        @Sendable func reduce(state: inout Counter, event: Int) { state.count += event }
        let feedback = Feedback<Counter, Int> { state in state.count < 3 ? Signal(just: 1) : .completed() }
        let states = Box<[Int]>([])
        Signal<Counter, Never>.feedbackLoop(initial: Counter(), reduce: reduce, feedbacks: [feedback])
            .observeNext { state in states.mutate { $0.append(state.count) } }.dispose()
        let closureStates = Box<[Int]>([])
        Signal<Counter, Never>.feedbackLoop(
            initial: Counter(), reduce: { state, event in state.count += event * 2 }, feedbacks: [feedback]
        )
        .observeNext { state in closureStates.mutate { $0.append(state.count) } }.dispose()
        #expect(states.value == [0, 1, 2, 3])
        #expect(closureStates.value == [0, 2, 4])
    }

    /// ReactiveFeedback's `Loop(initial:reducer:feedbacks:)`, `loop.send(_:)` and `loop.producer`
    /// have no type here; the migration guide's equivalent is a system with an input feedback,
    /// replayed and connected at once. This pins that the equivalent behaves as a `Loop`: it runs
    /// without observers, `send` reduces at once, a late observer starts from the current state,
    /// and disposing the connection stops it.
    @Test func theMigrationGuidesLoopEquivalentBehavesAsReactiveFeedbacksLoop() {
        let (input, send) = Feedback<Int, Int>.input
        let doubler = Feedback<Int, Int>(reacting: { state in state == 1 ? 1 : nil })
        let loop = Signal<Int, Never>.system(initial: 0, reduce: +, feedbacks: [doubler, input]).replay(limit: 1)
        let running = loop.connect()
        send(1)  // 1, then the feedback's answer: 2
        let states = Box<[Int]>([])
        let observation = loop.observeNext { state in states.mutate { $0.append(state) } }
        send(3)
        #expect(states.value == [2, 5])
        running.dispose()
        send(4)
        #expect(states.value == [2, 5])
        observation.dispose()
    }

    @Test func consumerFormIsDisposedWithTheLoop() {
        let disposed = Box(false)
        let input = PassthroughSubject<Int, Never>()
        let feedback = Feedback<Int, Int> { _, output in
            CompositeDisposable([input.toSignal().enqueue(to: output), BlockDisposable { disposed.value = true }])
        }
        let states = Box<[Int]>([])
        let observation = Signal<Int, Never>.feedbackLoop(initial: 0, reduce: +, feedbacks: [feedback])
            .observeNext { state in states.mutate { $0.append(state) } }
        input.send(5)
        observation.dispose()
        input.send(5)
        #expect(states.value == [0, 5])
        #expect(disposed.value)
        #expect(input.observerCount == 0)
    }
}

/// Behaviour that stays different from the peers, pinned (see "Behaviour that differs" in the
/// migration guide).
@Suite struct FeedbackLoopPeerBehaviourTests {
    @Test func twoFeedbacksAnsweringTheSameStateAreBothReducedTheSecondAgainstANewerState() {
        // Each feedback answers state 0 with "+1"; the loop queues both answers, so the second is
        // reduced against 1, a state its feedback never saw.
        let first = Feedback<Int, Int>(effects: { $0 == 0 ? Signal(just: 1) : .completed() })
        let second = Feedback<Int, Int>(effects: { $0 == 0 ? Signal(just: 1) : .completed() })
        let states = Box<[Int]>([])
        let observation = Signal<Int, Never>.system(initial: 0, reduce: +, feedbacks: [first, second])
            .observeNext { state in states.mutate { $0.append(state) } }
        #expect(states.value == [0, 1, 2])
        observation.dispose()

        // The equivalent that ignores an answer to a state that is gone: the reducer checks it.
        let guarded = Signal<Int, Never>.system(
            initial: 0,
            reduce: { state, increment in state == 0 ? state + increment : state },
            feedbacks: [first, second]
        )
        let guardedStates = Box<[Int]>([])
        let guardedObservation = guarded.observeNext { state in guardedStates.mutate { $0.append(state) } }
        #expect(guardedStates.value == [0, 1, 1])
        guardedObservation.dispose()
    }

    @Test func uiSpinAddsTwoFeedbacksAroundTheOriginalOnes() {
        let business = Feedback<Int, Int>(effects: { _ in .completed() })
        let spin = Spin<Int, Int>(initialState: 0, feedbacks: [business], reducer: Reducer(+))
        let uiSpin = UISpin(spin: spin)
        #expect(uiSpin.spin.feedbacks.count == spin.feedbacks.count + 2)  // Spin's UISpin adds one
        #expect(uiSpin.spin.feedbacks.dropFirst().dropLast().count == spin.feedbacks.count)
    }
}
