/// The state of one `debounce` observation: the element waiting for a quiet period.
///
/// Pure: the operator runs it under its lock and turns the answers into timer starts and sends.
struct DebounceStateMachine<Element> {
    /// The latest element not sent yet.
    private var pending: Element?

    init() {}

    /// An element arrived: it replaces the pending one; the caller (re)starts the timer.
    mutating func element(_ element: Element) {
        pending = element
    }

    /// The quiet period passed: the element to send, if any.
    mutating func timerFired() -> Element? {
        defer { pending = nil }
        return pending
    }

    /// The upstream completed: the pending element to send before completing (it is not dropped).
    mutating func finished() -> Element? {
        defer { pending = nil }
        return pending
    }

    /// The upstream failed: the pending element is dropped.
    mutating func failed() {
        pending = nil
    }
}
