import FeedbackLoop
import Foundation
import StreamCore

// The snippets of FeedbackLoop.docc/FeedbackLoops.md.

enum FeedbackLoopSnippets {
    static func counter() {
        // snippet: FeedbackCounter
        enum Event: Sendable { case increment, decrement }

        let taps = PassthroughSubject<Event, Never>()
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, event in
                switch event {
                case .increment: count + 1
                case .decrement: count - 1
                }
            },
            feedbacks: [
                Feedback(events: taps),                                // the user
                Feedback(reacting: { $0 < 0 ? .increment : nil }),     // back up when below zero
            ]
        )
        let bag = DisposeBag()
        system.observeNext { print("count:", $0) }.dispose(in: bag)
        taps.send(.increment)
        taps.send(.decrement)
        taps.send(.decrement)
        // end
    }

    static func paging() {
        // snippet: FeedbackPaging
        struct Paging: Sendable {
            var movies: [String] = []
            var nextPage: Int? = 1
        }
        enum Event: Sendable { case loaded(page: Int, movies: [String]) }

        @Sendable func fetch(page: Int) -> Signal<Event, Never> {    // stands in for the network
            .just(.loaded(page: page, movies: ["movie \(2 * page - 1)", "movie \(2 * page)"]))
        }
        let loadNextPage = Feedback<Paging, Event>(skippingRepeated: { $0.nextPage }) { page in
            fetch(page: page)
        }
        let system = Signal<Paging, Never>.system(
            initial: Paging(),
            reduce: { state, event in
                var state = state
                if case .loaded(let page, let movies) = event {
                    state.movies += movies
                    state.nextPage = page < 3 ? page + 1 : nil
                }
                return state
            },
            feedbacks: [loadNextPage]
        )
        let bag = DisposeBag()
        system.observeNext { state in
            print(state.movies.count, "movies, next page:", state.nextPage.map(String.init) ?? "none")
        }.dispose(in: bag)
        // end
    }

    static func input() {
        // snippet: FeedbackInput
        enum Event: Sendable { case retry, loaded(String) }

        let (input, send) = Feedback<String, Event>.input
        let system = Signal<String, Never>.system(
            initial: "idle",
            reduce: { _, event in
                switch event {
                case .retry: "loading"
                case .loaded(let text): text
                }
            },
            feedbacks: [input]
        )
        let bag = DisposeBag()
        system.observeNext { print($0) }.dispose(in: bag)
        send(.retry)
        send(.loaded("done"))
        // end
    }

    static func spinForms() {
        // snippet: FeedbackSpinForms
        struct Thermostat: Sendable { var current: Int, target: Int }
        enum Adjust: Sendable { case warmer, cooler }

        let toTarget = Feedback<Thermostat, Adjust>(
            effect: { .just($0.current < $0.target ? .warmer : .cooler) },
            filteredBy: { $0.current != $0.target }
        )
        let system = Signal<Thermostat, Never>.system(
            initial: Thermostat(current: 18, target: 21),
            reduce: { state, event in
                var state = state
                state.current += event == .warmer ? 1 : -1
                return state
            },
            feedbacks: [toTarget]
        )
        let bag = DisposeBag()
        system.observeNext { print("\($0.current)°") }.dispose(in: bag)
        // end
    }

    static func moreForms() {
        struct Thermostat: Sendable { var current: Int, target: Int }
        enum Adjust: Sendable { case warmer, cooler }
        struct Heater: Sendable {
            func heat(_ state: Thermostat) -> Signal<Adjust, Never> { .just(.warmer) }
        }
        let toTarget = Feedback<Thermostat, Adjust>(effect: { _ in .completed() })
        // snippet: FeedbackMoreForms
        // An effect of part of the state (Spin's lensingOn:), run for every state.
        let announce = Feedback<Thermostat, Adjust>(
            effect: { (target: Int) in print("target:", target); return .completed() },
            lensingOn: \.target
        )
        // A dependency injected once (Spin's dep1:…dep4:); Heater is any Sendable service.
        @Sendable func heat(heater: Heater, state: Thermostat) -> Signal<Adjust, Never> {
            heater.heat(state)
        }
        let heating = Feedback(effect: heat, dep1: Heater())
        // Every effect runs to its end instead of being cancelled by the next state.
        let log = Feedback<Thermostat, Adjust>(
            effect: { _ in .completed() }, applying: .continueOnNewState
        )
        // States received on another context, with a name for diagnostics.
        let background = toTarget.execute(on: .global()).named("thermostat")
        // end
        _ = (announce, heating, log, background)
    }

    static func strategies() {
        // snippet: FeedbackStrategies
        enum Event: Sendable { case found([String]) }
        let search = Feedback<String, Event>(
            effect: { query in Signal(just: .found([query]), after: .milliseconds(300)) },
            on: .global(),
            applying: .cancelOnNewState       // a new query cancels the running search
        )
        // end
        _ = search
    }

    static func diagnostics() {
        // snippet: FeedbackDiagnostics
        enum Event: Sendable { case tick }
        let reports = PassthroughSubject<ReentrancyReport, Never>()
        let bag = DisposeBag()
        reports.observeNext { print("depth \($0.depth), from \($0.feedback)") }.dispose(in: bag)

        let system = Signal<Int, Never>.system(
            initial: 0,
            reducer: Reducer<Int, Event> { count, _ in count + 1 },
            feedbacks: [Feedback(reacting: { $0 < 5_000 ? .tick : nil }).named("ticker")],
            diagnostics: LoopDiagnostics(synchronousDepthLimit: 1_000) { reports.send($0) }
        )
        system.observeNext { _ in }.dispose(in: bag)
        // end
    }
}

enum FeedbackLoopMoreSnippets {
    static func spinBuilders() {
        // snippet: FeedbackSpinBuilders
        struct Levels: Sendable { var left: Int, right: Int }
        enum Event: Sendable { case increaseLeft, decreaseLeft, increaseRight, decreaseRight }

        @Sendable func leftEffect(_ levels: Levels) -> Signal<Event, Never> {
            guard levels.left != levels.right else { return .completed() }
            return Signal(just: levels.left < levels.right ? .increaseLeft : .decreaseLeft)
        }
        @Sendable func rightEffect(_ levels: Levels) -> Signal<Event, Never> {
            guard levels.left != levels.right else { return .completed() }
            return Signal(just: levels.right < levels.left ? .increaseRight : .decreaseRight)
        }
        @Sendable func levelsReducer(_ levels: Levels, _ event: Event) -> Levels {
            guard levels.left != levels.right else { return levels }
            switch event {
            case .increaseLeft: return Levels(left: levels.left + 1, right: levels.right)
            case .decreaseLeft: return Levels(left: levels.left - 1, right: levels.right)
            case .increaseRight: return Levels(left: levels.left, right: levels.right + 1)
            case .decreaseRight: return Levels(left: levels.left, right: levels.right - 1)
            }
        }

        let chained = Spinner
            .initialState(Levels(left: 10, right: 20))
            .feedback(Feedback(effect: leftEffect))
            .feedback(Feedback(effect: rightEffect))
            .reducer(Reducer(levelsReducer))

        let declared = Spin(initialState: Levels(left: 10, right: 20)) {
            Feedback(effect: leftEffect)
            Feedback(effect: rightEffect)
            Reducer(levelsReducer)
        }

        let bag = DisposeBag()
        Signal.stream(from: chained).observeNext { print($0.left, $0.right) }.dispose(in: bag)
        Signal<Levels, Never>.start(spin: declared).dispose(in: bag)     // 15 15 in the end
        // end
    }

    static func gear() {
        // snippet: FeedbackGear
        enum GearEvent: Sendable, Equatable { case authorizationIssueHappened }
        enum FeatureState: Sendable, Equatable { case loading, loaded, unauthorized }
        enum AuthEvent: Sendable, Equatable { case checkAuthorization }

        let gear = Gear<GearEvent>()
        let reportIssues = Feedback<FeatureState, Never>(
            attachedTo: gear, catching: .unauthorized, propagating: .authorizationIssueHappened
        )
        let checkAgain = Feedback<Bool, AuthEvent>(
            attachedTo: gear, catching: .authorizationIssueHappened, emitting: .checkAuthorization
        )
        // end
        _ = (reportIssues, checkAgain)
    }

    enum Event: Sendable { case increaseLeft }

    static func uiSpin() {
        // snippet: FeedbackUISpin
        final class CounterScreen: Sendable {
            func render(state: Int) { print("count:", state) }
        }

        let screen = CounterScreen()
        let host = UISpin(spin: Spin(initialState: 0) {
            Reducer { (count: Int, _: Event) in count + 1 }
        })
        host.render(on: screen, on: .immediate, using: { $0.render(state:) })
        host.start()
        host.emit(.increaseLeft)                                    // count: 1
        // end
    }
}
