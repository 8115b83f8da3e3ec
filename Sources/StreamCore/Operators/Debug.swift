extension SignalProtocol {
    /// Prints every event of each observation, prefixed with `name`.
    ///
    /// Marble: `-a-b|` → `-a-b|` (printing `name: subscribed`, `name: next(a)`, `name: next(b)`,
    /// `name: completed`)
    ///
    /// ```swift
    /// search.debug("search").observeNext { … }
    /// ```
    ///
    /// Prints `subscribed`, `next(…)`, `failed(…)`, `completed` and `disposed` (disposal before a
    /// terminal event). Lines go to `sink`, which defaults to `print`; pass your own closure to
    /// route them to a logger or capture them in a test.
    ///
    /// - Parameters:
    ///   - name: The prefix of each line; empty by default.
    ///   - sink: Receives each line, serially for one observation.
    /// - Returns: A signal with the same events.
    @inlinable
    public func debug(
        _ name: String = "",
        to sink: @escaping @Sendable (String) -> Void = { print($0) }
    ) -> Signal<Element, Error> {
        let prefix = name.isEmpty ? "" : name + ": "
        return handleEvents(
            receiveSubscription: { sink(prefix + "subscribed") },
            receiveOutput: { sink(prefix + "next(\($0))") },
            receiveCompletion: { completion in
                switch completion {
                case .finished: sink(prefix + "completed")
                case .failure(let error): sink(prefix + "failed(\(error))")
                }
            },
            receiveCancel: { sink(prefix + "disposed") }
        )
    }
}
