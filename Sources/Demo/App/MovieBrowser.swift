import Foundation
import FeedbackLoop
import StoreKitLite
import StreamCore

/// The demo app: the paging loop (FeedbackLoop), the app store (StoreKitLite) and the renderer,
/// driven by commands — typed keys or the scripted scenario — each waiting for its outcome.
final class MovieBrowser: Sendable {
    /// What the user can do.
    enum Command: Sendable, Hashable {
        case nextPage
        case retry
        case refresh
        /// Stars movie number N (1-based, as listed).
        case favourite(Int)
    }

    private let controls = PagingControls()
    private let loader: PageLoader
    private let host: Host
    private let store: Store<CatalogueState, CatalogueAction>
    private let logger: LoggingMiddleware<CatalogueState, CatalogueAction>
    private let output: @Sendable (String) -> Void
    private let observation = SerialDisposable()
    private let timeout: TimeInterval

    /// Creates the app; nothing runs before ``start()``.
    ///
    /// - Parameters:
    ///   - loader: Where pages come from.
    ///   - timeout: How long a command may take before the browser gives up waiting.
    ///   - output: Receives the transcript, one line at a time, in order.
    init(loader: PageLoader, timeout: TimeInterval = 30, output: @escaping @Sendable (String) -> Void) {
        self.loader = loader
        self.timeout = timeout
        self.output = output
        (store, logger) = CatalogueStore.make(log: output)
        host = Host(renderer: Renderer(print: output), store: store)
    }

    deinit { observation.dispose() }

    /// The loop's current state.
    var state: PagingState { host.current ?? .initial }

    /// Every state the loop went through, in order.
    var history: [PagingState] { host.history }

    /// The store's state.
    var appState: CatalogueState { store.state }

    /// Starts the paging loop.
    func start() {
        let system = PagingFeedbacks.system(loader: loader, controls: controls, host: host.feedback)
        observation.otherDisposable = system.observeNext { _ in }
        _ = host.waitUntilSettled(timeout: timeout)
    }

    /// Stops the loop (cancels a request in flight).
    func stop() {
        observation.dispose()
    }

    /// Performs a command and waits until the loop has settled (a page, a refresh or an error).
    ///
    /// - Returns: `false` when the loop did not settle within the timeout.
    @discardableResult
    func perform(_ command: Command) -> Bool {
        let current = state
        switch command {
        case .nextPage:
            guard current.context.hasMorePages else {
                output("  (no more pages: all \(current.context.movies.count) movies are on screen)")
                return true
            }
            controls.nextPage.send()
        case .retry:
            guard case .error = current else {
                output("  (nothing to retry)")
                return true
            }
            controls.retry.send()
        case .refresh:
            controls.refresh.send()
        case .favourite(let number):
            let movies = current.context.movies
            guard number >= 1, number <= movies.count else {
                output("  (no movie #\(number) on screen)")
                return true
            }
            store.dispatch(.favourite(movies[number - 1]))
            return true
        }
        guard host.waitUntilSettled(timeout: timeout) else {
            output("  (no answer after \(Int(timeout)) s; giving up)")
            return false
        }
        return true
    }
}

/// The UI host: the last feedback of the loop. It renders each transition, dispatches the
/// loop's outcomes to the store, and tells the browser when the loop has settled.
///
/// It is a feedback rather than a `UISpin` render target on purpose: the seed's feedbacks take
/// their input from hot signals (`nearBottom`, `retry`) that they subscribe to per state, and a
/// host that is the *last* feedback reports "settled" only after every earlier feedback has seen
/// the state, so the next key press always finds its feedback listening. (`UISpin` renders from
/// its state recorder, before the other feedbacks; it suits hosts that `emit` events instead.)
private final class Host: Sendable {
    struct Seen: Sendable {
        var current: PagingState?
        var history: [PagingState] = []
    }

    let renderer: Renderer
    let store: Store<CatalogueState, CatalogueAction>
    private let seen = LockedState(Seen())
    private let settled = DispatchSemaphore(value: 0)

    init(renderer: Renderer, store: Store<CatalogueState, CatalogueAction>) {
        self.renderer = renderer
        self.store = store
    }

    var current: PagingState? { seen.withLock { $0.current } }
    var history: [PagingState] { seen.withLock { $0.history } }

    /// A feedback that shows states and sends no events (the loop's inputs come from
    /// ``PagingControls``).
    var feedback: Feedback<PagingState, PagingEvent> {
        Feedback(reacting: { [self] state in
            show(state)
            return nil
        }).named("terminal UI")
    }

    func show(_ state: PagingState) {
        let previous = seen.withLock { seen in
            defer {
                seen.current = state
                seen.history.append(state)
            }
            return seen.current
        }
        if let previous, previous != state {
            renderer.render(from: previous, to: state)
            if let action = CatalogueAction(state) { store.dispatch(action) }
        }
        // Settled: the first state, or the end of a request. A state repeated by an event the
        // reducer ignored does not count, so each command is answered exactly once.
        if !state.isLoading, previous == nil || previous?.isLoading == true {
            settled.signal()
        }
    }

    func waitUntilSettled(timeout: TimeInterval) -> Bool {
        settled.wait(timeout: .now() + timeout) == .success
    }
}
