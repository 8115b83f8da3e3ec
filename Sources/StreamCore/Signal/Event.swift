extension Signal {
    /// One event of a signal: an element, or the terminal failure or completion.
    ///
    /// A signal sends zero or more `.next` events followed by at most one terminal event
    /// (`.failed` or `.completed`); nothing follows a terminal event.
    public enum Event {
        /// An event that carries the next element.
        case next(Element)
        /// An event that ends the signal with an error.
        case failed(Error)
        /// An event that ends the signal successfully.
        case completed
    }
}

extension Signal.Event: Sendable where Element: Sendable {}
extension Signal.Event: Equatable where Element: Equatable, Error: Equatable {}
extension Signal.Event: Hashable where Element: Hashable, Error: Hashable {}

extension Signal.Event {
    /// Whether the event ends the signal (`.failed` or `.completed`).
    @inlinable
    public var isTerminal: Bool {
        if case .next = self { return false }
        return true
    }

    /// The element of a `.next` event, `nil` otherwise.
    @inlinable
    public var element: Element? {
        if case .next(let element) = self { return element }
        return nil
    }

    /// The error of a `.failed` event, `nil` otherwise.
    @inlinable
    public var error: Error? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// The completion that a terminal event stands for, `nil` for `.next`.
    public var completion: Subscribers.Completion<Error>? {
        switch self {
        case .next: return nil
        case .failed(let error): return .failure(error)
        case .completed: return .finished
        }
    }

    /// Creates the terminal event that stands for a completion.
    public init(completion: Subscribers.Completion<Error>) {
        switch completion {
        case .finished: self = .completed
        case .failure(let error): self = .failed(error)
        }
    }
}
