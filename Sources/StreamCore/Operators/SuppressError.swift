extension SignalProtocol {
    /// Turns a failure into a completion, optionally printing the error.
    ///
    /// Marble: `-a-b-#` → `-a-b-|`
    ///
    /// ```swift
    /// api.updates().suppressError(logging: true).bind(to: label)
    /// ```
    ///
    /// When `logging` is `true`, the error is printed with `print` as
    /// `Signal at <file>:<line> encountered an error: <error>`, on the thread of the failure.
    ///
    /// - Parameters:
    ///   - logging: Whether to print the error.
    ///   - file: The file reported in the message; defaults to the caller's.
    ///   - line: The line reported in the message; defaults to the caller's.
    /// - Returns: A signal that cannot fail.
    @inlinable
    public func suppressError(
        logging: Bool,
        file: String = #fileID,
        line: Int = #line
    ) -> Signal<Element, Never> {
        suppressError(logging: logging, file: file, line: line, log: { print($0) })
    }

    /// ``suppressError(logging:file:line:)`` with the printing function replaceable, for tests.
    @inlinable
    package func suppressError(
        logging: Bool,
        file: String,
        line: Int,
        log: @escaping @Sendable (String) -> Void
    ) -> Signal<Element, Never> {
        Signal.trusted({ observer in
            self.subscribe(
                Observer(lifetime: observer.lifetime) { event in
                    switch event {
                    case .next(let element):
                        observer.on(.next(element))
                    case .failed(let error):
                        if logging { log("Signal at \(file):\(line) encountered an error: \(error)") }
                        observer.on(.completed)
                    case .completed:
                        observer.on(.completed)
                    }
                })
        })
    }
}
