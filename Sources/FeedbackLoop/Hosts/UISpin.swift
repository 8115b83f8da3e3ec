public import StreamCore

/// A spin decorated for a UIKit- or AppKit-style view: it renders states on a container and takes
/// the events the user emits (Spin's `UISpin`).
///
/// ```swift
/// final class CounterViewController: UIViewController {
///     private lazy var uiSpin = UISpin(spin: counterSpin)
///
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         uiSpin.render(on: self, using: { $0.render(state:) })
///         uiSpin.start()     // the loop stops when the controller releases uiSpin
///     }
///     func render(state: CounterState) { counterLabel.text = "\(state.value)" }
///     @IBAction func startTapped() { uiSpin.emit(.startCounter) }
/// }
/// ```
///
/// The decorated ``spin`` has, in this order, a feedback recording each state (for ``state``
/// and the render targets), the original feedbacks, and a feedback taking ``emit(_:)``'s events.
/// It can be started with ``start()`` (bound to the host's lifetime) or, like any spin, with
/// `Signal.start(spin:)`.
public final class UISpin<State: Sendable, Event: Sendable>: SpinConvertible, Sendable {
    /// The decorated spin: the original one plus the state-recording and input feedbacks.
    public let spin: Spin<State, Event>
    private let core: UISpinCore<State, Event>

    /// Decorates `spin` for a view.
    ///
    /// ```swift
    /// self.uiSpin = UISpin(spin: counterSpin)
    /// ```
    ///
    /// - Parameter spin: The business spin.
    public init(spin: Spin<State, Event>) {
        let core = UISpinCore<State, Event>(initialState: spin.initialState)
        self.core = core
        self.spin = Spin(
            initialState: spin.initialState,
            feedbacks: [core.stateFeedback] + spin.feedbacks + [core.inputFeedback],
            reducer: spin.reducer,
            executeOn: spin.executer
        )
    }

    deinit {
        core.stop()
    }

    /// The last state the loop produced (the initial state before it starts). Thread-safe.
    ///
    /// ```swift
    /// if uiSpin.state.isPaused { … }
    /// ```
    public var state: State {
        core.state
    }

    /// Renders every state on `container`, on `context`, while the container lives.
    ///
    /// ```swift
    /// uiSpin.render(on: canvas, on: .main, using: { $0.render(state:) })
    /// uiSpin.render(on: recorder, on: .immediate, using: { $0.record(state:) })   // tests
    /// ```
    ///
    /// States are rendered one at a time and in order, on `context` (even a concurrent one). The
    /// container is held weakly: once it is deallocated nothing more is rendered and the render
    /// target is dropped. Attached after the loop has started, the container first renders the
    /// current state. Several containers may be attached. For a main-actor container, such as a
    /// view controller, use ``render(on:using:)``.
    ///
    /// - Parameters:
    ///   - container: The object that renders; held weakly.
    ///   - context: Where rendering runs, e.g. `.main`, a serial queue's context, or `.immediate`
    ///     (on the loop's thread, before the next state is reduced).
    ///   - render: Returns the container's render function, e.g. `{ $0.render(state:) }`.
    public func render<Container: AnyObject & Sendable>(
        on container: Container,
        on context: ExecutionContext,
        using render: @escaping @Sendable (Container) -> (State) -> Void
    ) {
        let renderer = Renderer<State>(context: context) { [weak container] state in
            guard let container else { return false }
            render(container)(state)
            return true
        }
        core.attach(renderer)
    }

    /// Renders every state on a main-actor container (a `UIViewController`, an `NSView`), on
    /// the main actor, while the container lives.
    ///
    /// ```swift
    /// @MainActor final class CounterViewController: UIViewController {
    ///     override func viewDidLoad() {
    ///         super.viewDidLoad()
    ///         uiSpin.render(on: self, using: { $0.render(state:) })
    ///         uiSpin.start()
    ///     }
    ///     func render(state: CounterState) { … }
    /// }
    /// ```
    ///
    /// States are rendered one at a time and in order, in a main-actor task (the drain that
    /// renders them runs as one task, so states never overtake each other). The container is
    /// held weakly, as in ``render(on:on:using:)``; attached after the loop has started, it first
    /// renders the current state. Call it on the main actor; elsewhere, use
    /// ``render(on:on:using:)`` with a context.
    ///
    /// - Parameters:
    ///   - container: The main-actor object that renders; held weakly.
    ///   - render: Returns the container's render function, e.g. `{ $0.render(state:) }`.
    @MainActor
    public func render<Container: AnyObject & Sendable>(
        on container: Container,
        using render: @escaping @MainActor @Sendable (Container) -> @MainActor (State) -> Void
    ) {
        let mainActor = ExecutionContext { work in Task { @MainActor in work() } }
        let renderer = Renderer<State>(context: mainActor) { [weak container] state in
            // The renderer's context runs its drain in a main-actor task.
            MainActor.assumeIsolated {
                guard let container else { return false }
                render(container)(state)
                return true
            }
        }
        core.attach(renderer)
    }

    /// Sends an event into the loop. Callable from any thread.
    ///
    /// After ``start()``, no event is lost, even when the loop runs on another context and has
    /// not subscribed yet (events are buffered until it does, then handled in order). Before
    /// ``start()``, and after the loop stops, events go only to loops already running (such as
    /// one started with `Signal.start(spin:)`) and are otherwise dropped.
    ///
    /// ```swift
    /// uiSpin.emit(.startCounter)
    /// ```
    ///
    /// - Parameter event: The event for the reducer.
    public func emit(_ event: Event) {
        core.inputs.send(event)
    }

    /// Starts the loop, bound to this host: it stops when the host is deallocated. Calling it
    /// again does nothing.
    ///
    /// ```swift
    /// uiSpin.start()
    /// ```
    public func start() {
        core.start(spin)
    }
}
