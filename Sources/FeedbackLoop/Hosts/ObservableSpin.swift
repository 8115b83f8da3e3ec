public import Observation

/// A spin hosted for SwiftUI and other Observation-based views: its ``state`` is observable on
/// the main actor, and views send events with ``emit(_:)`` (Spin's `SwiftUISpin`).
///
/// ```swift
/// struct CounterView: View {
///     @State private var uiSpin: ObservableSpin<CounterState, CounterEvent> = {
///         let spin = ObservableSpin(spin: counterSpin)
///         spin.start()
///         return spin
///     }()
///
///     var body: some View {
///         Button(uiSpin.state.isPaused ? "Start" : "Stop") { uiSpin.emit(.toggle) }
///         Toggle("Paused", isOn: uiSpin.binding(for: \.isPaused, event: .toggle))
///     }
/// }
/// ```
///
/// The loop may run on any context (its spin's executer); each state it produces is set on
/// ``state`` on the main actor, in order. The loop started with ``start()`` stops when the host
/// is deallocated. The decorated ``spin`` can also be started like any spin, with
/// `Signal.start(spin:)`; its states then update ``state`` too.
@MainActor
@Observable
public final class ObservableSpin<State: Sendable, Event: Sendable>: SpinConvertible {
    /// The last state the loop produced (the initial state before it starts); observable.
    public private(set) var state: State

    /// The decorated spin: a feedback handing states to ``state``, the original feedbacks, and
    /// a feedback taking ``emit(_:)``'s events.
    @ObservationIgnored
    public nonisolated let spin: Spin<State, Event>

    @ObservationIgnored
    private nonisolated let core: ObservableSpinCore<State, Event>

    /// Hosts `spin` for an Observation-based view.
    ///
    /// ```swift
    /// let uiSpin = ObservableSpin(spin: counterSpin)
    /// ```
    ///
    /// - Parameter spin: The business spin.
    public init(spin: Spin<State, Event>) {
        let core = ObservableSpinCore<State, Event>()
        self.core = core
        state = spin.initialState
        self.spin = Spin(
            initialState: spin.initialState,
            feedbacks: [core.stateFeedback] + spin.feedbacks + [core.inputFeedback],
            reducer: spin.reducer,
            executeOn: spin.executer
        )
        let states = core.states
        core.setConsumer(
            Task { @MainActor [weak self] in
                for await state in states {
                    guard let self else { return }
                    self.state = state
                }
            })
    }

    deinit {
        core.stop()
    }

    /// Sends an event into the loop. Callable from any thread.
    ///
    /// After ``start()``, no event is lost, even when the loop runs on another context and has
    /// not subscribed yet (events are buffered until it does, then handled in order). Before
    /// ``start()``, and after the loop stops, events go only to loops already running (such as
    /// one started with `Signal.start(spin:)`) and are otherwise dropped.
    ///
    /// ```swift
    /// Button("Start") { uiSpin.emit(.startCounter) }
    /// ```
    ///
    /// - Parameter event: The event for the reducer.
    public nonisolated func emit(_ event: Event) {
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

    /// A two-way binding to a part of the state: reading gives the current value, writing emits
    /// `event` (the state changes only through the reducer).
    ///
    /// ```swift
    /// Toggle("Paused", isOn: uiSpin.binding(for: \.isPaused, event: .toggle))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to read.
    ///   - event: The event to emit when the binding is written.
    /// - Returns: A binding; see ``SpinBinding`` (and its SwiftUI conversion).
    public func binding<Value>(
        for keyPath: any KeyPath<State, Value> & Sendable,
        event: Event
    ) -> SpinBinding<Value> {
        binding(for: keyPath, event: { _ in event })
    }

    /// A two-way binding to a part of the state whose written value becomes an event.
    ///
    /// ```swift
    /// TextField("Name", text: uiSpin.binding(for: \.name, event: { .rename($0) }))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to read.
    ///   - event: Makes the event to emit from the written value.
    /// - Returns: A binding; see ``SpinBinding`` (and its SwiftUI conversion).
    public func binding<Value>(
        for keyPath: any KeyPath<State, Value> & Sendable,
        event: @escaping @Sendable (Value) -> Event
    ) -> SpinBinding<Value> {
        SpinBinding(
            get: { self.state[keyPath: keyPath] },
            set: { value in self.emit(event(value)) }
        )
    }
}

/// Spin's name for ``ObservableSpin``.
///
/// ```swift
/// let uiSpin = SwiftUISpin(spin: counterSpin)
/// ```
public typealias SwiftUISpin<State: Sendable, Event: Sendable> = ObservableSpin<State, Event>
