import TestSupport
import Dispatch
import FeedbackLoop
import StreamCore
import Testing

/// The seed's stereo levels: two values regulated towards their average.
struct Levels: Sendable, Equatable, CustomStringConvertible {
    let left: Int
    let right: Int
    var description: String { "\(left)/\(right)" }
}

enum LevelsEvent: Sendable, Equatable {
    case increaseLeft
    case decreaseLeft
    case increaseRight
    case decreaseRight
}

func leftEffect(inputLevels: Levels) -> Signal<LevelsEvent, Never> {
    guard inputLevels.left != inputLevels.right else { return .completed() }
    return Signal(just: inputLevels.left < inputLevels.right ? .increaseLeft : .decreaseLeft)
}

func rightEffect(inputLevels: Levels) -> Signal<LevelsEvent, Never> {
    guard inputLevels.left != inputLevels.right else { return .completed() }
    return Signal(just: inputLevels.right < inputLevels.left ? .increaseRight : .decreaseRight)
}

func levelsReducer(currentLevels: Levels, event: LevelsEvent) -> Levels {
    guard currentLevels.left != currentLevels.right else { return currentLevels }
    switch event {
    case .decreaseLeft: return Levels(left: currentLevels.left - 1, right: currentLevels.right)
    case .increaseLeft: return Levels(left: currentLevels.left + 1, right: currentLevels.right)
    case .decreaseRight: return Levels(left: currentLevels.left, right: currentLevels.right - 1)
    case .increaseRight: return Levels(left: currentLevels.left, right: currentLevels.right + 1)
    }
}

/// Records the states of a started spin.
func recordStates<State: Sendable, Event: Sendable>(of spin: Spin<State, Event>) -> [State] {
    let states = Box<[State]>([])
    Signal.stream(from: spin).observeNext { state in states.mutate { $0.append(state) } }.dispose()
    return states.value
}

@Suite struct SpinTests {
    /// On an immediate loop, each state's two events are queued behind the ones already waiting:
    /// the levels alternate towards 15/15, then the ten stale events reduce to 15/15 unchanged.
    static let expectedLevels: [String] =
        ["10/20", "11/20", "11/19", "12/19", "12/18", "13/18", "13/17", "14/17", "14/16", "15/16"]
        + Array(repeating: "15/15", count: 11)

    @Test func builderSyntaxConvergesToEqualLevels() {
        let levelsSpin =
            Spinner
            .initialState(Levels(left: 10, right: 20))
            .feedback(Feedback(effect: leftEffect))
            .feedback(Feedback(effect: rightEffect))
            .reducer(Reducer(levelsReducer))
        #expect(recordStates(of: levelsSpin).map(\.description) == Self.expectedLevels)
    }

    @Test func declarativeSyntaxConvergesToEqualLevels() {
        let levelsSpin = Spin(initialState: Levels(left: 10, right: 20)) {
            Feedback(effect: leftEffect)
            Feedback(effect: rightEffect)
            Reducer(levelsReducer)
        }
        #expect(recordStates(of: levelsSpin).map(\.description) == Self.expectedLevels)
    }

    @Test func declarativeSyntaxTakesConditionalsAndLoops() {
        let extra = [
            Feedback<[String], String>(reacting: { $0 == ["a"] ? "b" : nil }),
            Feedback<[String], String>(reacting: { $0 == ["a", "b"] ? "c" : nil }),
        ]
        func spin(flag: Bool) -> Spin<[String], String> {
            Spin(initialState: []) {
                Feedback(reacting: { $0.isEmpty ? "a" : nil })
                if flag {
                    Feedback(reacting: { $0.last == "c" ? "if" : nil })
                }
                if flag {
                    Feedback(reacting: { $0.last == "if" ? "then" : nil })
                } else {
                    Feedback(reacting: { $0.last == "c" ? "else" : nil })
                }
                for feedback in extra { feedback }
                Reducer { log, event in log + [event] }
            }
        }
        #expect(recordStates(of: spin(flag: true)).last == ["a", "b", "c", "if", "then"])
        #expect(recordStates(of: spin(flag: false)).last == ["a", "b", "c", "else"])
    }

    @Test func aSpinWithOnlyAReducerEmitsItsInitialState() {
        let spin = Spin<Int, Int>(initialState: 7) { Reducer { $0 + $1 } }
        #expect(spin.feedbacks.isEmpty)
        #expect(recordStates(of: spin) == [7])
    }

    /// Spin's `test_multiple_feedbacks_produces_incremental_states_while_executed_on_default_executer`:
    /// a spy feedback sees every state the observer takes, the last one included, although the
    /// observer stops the loop on it.
    @Test func aSpyFeedbackSeesEveryStateOfAStreamTheObserverStops() {
        let seen = Box<[Int]>([])
        let spin = Spinner.initialState(0)
            .feedback(Feedback(effect: { (state: Int) in state.isMultiple(of: 2) ? Signal(just: 1) : .completed() }))
            .feedback(Feedback(effect: { (state: Int) in state.isMultiple(of: 2) ? .completed() : Signal(just: 1) }))
            .feedback(
                Feedback(reacting: { state in
                    seen.mutate { $0.append(state) }; return nil
                })
            )
            .reducer(Reducer { $0 + $1 })
        let states = Box<[Int]>([])
        Signal.stream(from: spin).take(first: 7).observeNext { state in states.mutate { $0.append(state) } }.dispose()
        #expect(states.value == Array(0..<7))
        #expect(seen.value == Array(0..<7))
    }

    @Test func startRunsTheLoopUntilDisposed() {
        let (input, send) = Feedback<Int, Int>.input
        let seen = Box<[Int]>([])
        let spin = Spinner.initialState(0)
            .feedback(input)
            .feedback(
                Feedback(reacting: { state in
                    seen.mutate { $0.append(state) }; return nil
                })
            )
            .reducer(Reducer { $0 + $1 })
        let disposable = Signal.start(spin: spin)
        send(2)
        send(3)
        disposable.dispose()
        send(4)
        #expect(seen.value == [0, 2, 5])
    }

    @Test func executeOnRunsTheLoopOnItsContextAndExecuteOnMovesAFeedback() {
        let loopKey = DispatchSpecificKey<String>()
        let loopQueue = DispatchQueue(label: "spin.loop")
        loopQueue.setSpecific(key: loopKey, value: "loop")
        let feedbackQueue = DispatchQueue(label: "spin.feedback")
        feedbackQueue.setSpecific(key: loopKey, value: "feedback")
        let where_ = Box<Set<String>>([])
        let rightRan = DispatchSemaphore(value: 0)
        @Sendable func note(_ role: String) {
            let queue = DispatchQueue.getSpecific(key: loopKey) ?? "elsewhere"
            where_.mutate { _ = $0.insert("\(role)@\(queue)") }
            if role == "right" { rightRan.signal() }
        }
        let declarative = Spin(initialState: Levels(left: 10, right: 20), executeOn: loopQueue) {
            Feedback(effect: { (levels: Levels) in
                note("left"); return leftEffect(inputLevels: levels)
            })
            Feedback(effect: { (levels: Levels) in
                note("right"); return rightEffect(inputLevels: levels)
            })
            .execute(on: feedbackQueue)
            Reducer { (levels: Levels, event: LevelsEvent) in
                note("reducer"); return levelsReducer(currentLevels: levels, event: event)
            }
        }
        let builder = Spinner.initialState(Levels(left: 10, right: 20), executeOn: loopQueue.context)
            .feedback(
                Feedback(effect: { (levels: Levels) in
                    note("left"); return leftEffect(inputLevels: levels)
                })
            )
            .feedback(
                Feedback(
                    effect: { (levels: Levels) in
                        note("right"); return rightEffect(inputLevels: levels)
                    },
                    on: feedbackQueue.context
                )
            )
            .reducer(
                Reducer { levels, event in
                    note("reducer"); return levelsReducer(currentLevels: levels, event: event)
                })
        for spin in [declarative, builder] {
            where_.value = []
            while rightRan.wait(timeout: .now()) == .success {}  // signals left by the previous spin
            let done = DispatchSemaphore(value: 0)
            let disposable = Signal.stream(from: spin).observeNext { levels in
                note("observer")
                // Stale events from the other queue may overshoot 15/15; the reducer freezes the
                // levels as soon as they are equal.
                if levels.left == levels.right { done.signal() }
            }
            #expect(done.wait(timeout: .now() + 60) == .success)
            // The left feedback alone may equalise the levels before the right one first runs.
            #expect(rightRan.wait(timeout: .now() + 60) == .success)
            disposable.dispose()
            loopQueue.sync {}
            feedbackQueue.sync {}
            // The initial state reaches the observer and the left feedback on the observing thread
            // (Decision 0020); everything after it runs on the loop's queue or the feedback's.
            #expect(
                where_.value == [
                    "observer@elsewhere", "left@elsewhere", "observer@loop", "reducer@loop", "left@loop", "right@feedback",
                ])
        }
    }

    /// An effect that never ends and records its disposal.
    static func trackedEffect(disposed: Box<[Int]>) -> @Sendable (Int) -> Signal<Int, Never> {
        { state in
            Signal { _ in BlockDisposable { disposed.mutate { $0.append(state) } } }
        }
    }

    @Test func cancelOnNewStateDisposesThePreviousEffect() {
        let disposed = Box<[Int]>([])
        let (input, send) = Feedback<Int, Int>.input
        let spin = Spin(initialState: 0) {
            input
            Feedback(effect: Self.trackedEffect(disposed: disposed), applying: .cancelOnNewState)
            Reducer { $0 + $1 }
        }
        let disposable = Signal.start(spin: spin)
        #expect(disposed.value == [])
        send(1)
        #expect(disposed.value == [0])
        send(1)
        #expect(disposed.value == [0, 1])
        disposable.dispose()
        #expect(disposed.value == [0, 1, 2])
    }

    @Test func continueOnNewStateLetsThePreviousEffectRun() {
        let disposed = Box<[Int]>([])
        let (input, send) = Feedback<Int, Int>.input
        let spin = Spin(initialState: 0) {
            input
            Feedback(effect: Self.trackedEffect(disposed: disposed), applying: .continueOnNewState)
            Reducer { $0 + $1 }
        }
        let disposable = Signal.start(spin: spin)
        send(1)
        send(1)
        #expect(disposed.value == [])
        disposable.dispose()
        #expect(disposed.value.sorted() == [0, 1, 2])
    }
}
