#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SignalProtocol {
    /// Stops in the debugger (raises `SIGTRAP`) when a predicate returns `true` for an event.
    ///
    /// Marble: `-a-b|` → `-a-b|` (trapping before passing on an event whose predicate is `true`)
    ///
    /// ```swift
    /// prices.breakpoint(receiveOutput: { $0 < 0 })
    /// ```
    ///
    /// Predicates run serially, before the event is passed downstream. Without a debugger
    /// attached, `SIGTRAP` ends the process, so use this only while debugging.
    ///
    /// - Parameters:
    ///   - receiveSubscription: Checked when the signal is observed.
    ///   - receiveOutput: Checked with each element.
    ///   - receiveCompletion: Checked with the completion or failure.
    /// - Returns: A signal with the same events.
    public func breakpoint(
        receiveSubscription: (@Sendable () -> Bool)? = nil,
        receiveOutput: (@Sendable (Element) -> Bool)? = nil,
        receiveCompletion: (@Sendable (Subscribers.Completion<Error>) -> Bool)? = nil
    ) -> Signal<Element, Error> {
        var onSubscription: (@Sendable () -> Void)?
        if let receiveSubscription {
            onSubscription = { if receiveSubscription() { trap() } }
        }
        var onOutput: (@Sendable (Element) -> Void)?
        if let receiveOutput {
            onOutput = { element in if receiveOutput(element) { trap() } }
        }
        var onCompletion: (@Sendable (Subscribers.Completion<Error>) -> Void)?
        if let receiveCompletion {
            onCompletion = { completion in if receiveCompletion(completion) { trap() } }
        }
        return handleEvents(
            receiveSubscription: onSubscription,
            receiveOutput: onOutput,
            receiveCompletion: onCompletion
        )
    }
}

/// Raises `SIGTRAP`, which stops in an attached debugger.
private func trap() {
    raise(SIGTRAP)
}
