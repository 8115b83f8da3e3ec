/// The state of one `throttle` observation: whether a window is open and which element waits for
/// its end.
///
/// Pure: the operator runs it under its lock and turns the answers into timer starts and sends.
struct ThrottleStateMachine<Element> {
    /// Which element a window keeps for its end.
    enum Mode {
        /// None: elements inside a window are dropped (ReactiveKit's `throttle(seconds:)`).
        case leading
        /// The first element inside the window (Combine's `latest: false`).
        case first
        /// The latest element inside the window (Combine's `latest: true`).
        case latest
    }

    /// What to do with an arriving element.
    enum ElementAction: Equatable {
        /// Send it now and open a window (start the timer).
        case sendAndOpenWindow
        /// Keep or drop it; nothing to do now.
        case none
    }

    private let mode: Mode
    private var isWindowOpen = false
    private var pending: Element?

    init(mode: Mode) {
        self.mode = mode
    }

    /// An element arrived.
    mutating func element(_ element: Element) -> ElementAction {
        guard isWindowOpen else {
            isWindowOpen = true
            return .sendAndOpenWindow
        }
        switch mode {
        case .leading: break
        case .first: if pending == nil { pending = element }
        case .latest: pending = element
        }
        return .none
    }

    /// The window ended: the element to send, in which case the caller opens a new window
    /// (restarts the timer); `nil` closes the window.
    mutating func windowEnded() -> Element? {
        guard let element = pending else {
            isWindowOpen = false
            return nil
        }
        pending = nil
        return element
    }

    /// The upstream completed: the kept element to send before completing.
    mutating func finished() -> Element? {
        defer { pending = nil }
        return pending
    }
}
