extension SignalProtocol where Element: Sendable {
    /// The signal's elements as an `AsyncThrowingStream`, for `for try await` loops.
    ///
    /// Marble: `-a-b-#` → the loop receives `a`, `b`, then throws.
    ///
    /// ```swift
    /// for try await user in userSignal.values {
    ///     print(user.name)
    /// }
    /// ```
    ///
    /// Reading the property observes the signal at once. Buffering: a signal has no
    /// back-pressure, so elements that arrive before the loop asks for them are buffered without
    /// limit (use `values(bufferingPolicy:)` to keep only the oldest or newest few). A
    /// synchronous infinite signal such as `Signal.sequence(1...)` never returns from `values`:
    /// make it finite first (`take(first:)`).
    ///
    /// The stream finishes on completion and throws the signal's error on failure. Ending the
    /// loop early (`break`, `return`, a thrown error) or cancelling the task that consumes the
    /// stream disposes the observation, once the stream and its iterator are released.
    public var values: AsyncThrowingStream<Element, any Swift.Error> {
        values(bufferingPolicy: .unbounded)
    }

    /// The signal's elements as an `AsyncThrowingStream` with a buffering policy.
    ///
    /// ```swift
    /// for try await price in ticker.values(bufferingPolicy: .bufferingNewest(1)) {
    ///     await render(price)   // skips prices that arrived while rendering
    /// }
    /// ```
    ///
    /// - Parameter bufferingPolicy: What to keep when elements arrive faster than the loop
    ///   consumes them: `.unbounded`, `.bufferingOldest(n)` or `.bufferingNewest(n)`.
    /// - Returns: A stream that observes the signal now and disposes the observation when the
    ///   stream terminates or its consumer is cancelled.
    public func values(
        bufferingPolicy: AsyncThrowingStream<Element, any Swift.Error>.Continuation.BufferingPolicy
    ) -> AsyncThrowingStream<Element, any Swift.Error> {
        AsyncThrowingStream(bufferingPolicy: bufferingPolicy) { continuation in
            let observation = SerialDisposable()
            continuation.onTermination = { _ in observation.dispose() }
            observation.otherDisposable = self.observe(with: { event in
                switch event {
                case .next(let element): continuation.yield(element)
                case .failed(let error): continuation.finish(throwing: error)
                case .completed: continuation.finish()
                }
            })
        }
    }
}

extension SignalProtocol where Element: Sendable, Error == Never {
    /// The elements of a signal that cannot fail, as an `AsyncStream`, for `for await` loops.
    ///
    /// Marble: `-a-b-|` → the loop receives `a`, `b`, then ends.
    ///
    /// ```swift
    /// for await name in nameProperty.values {
    ///     print(name)
    /// }
    /// ```
    ///
    /// Reading the property observes the signal at once; elements that arrive before the loop
    /// asks for them are buffered without limit (see `values(bufferingPolicy:)`).
    /// Ending the loop early or cancelling the consuming task disposes the observation, once the
    /// stream and its iterator are released.
    public var values: AsyncStream<Element> {
        values(bufferingPolicy: .unbounded)
    }

    /// The elements of a signal that cannot fail, as an `AsyncStream` with a buffering policy.
    ///
    /// ```swift
    /// for await position in drags.values(bufferingPolicy: .bufferingNewest(1)) {
    ///     await layout(position)
    /// }
    /// ```
    ///
    /// - Parameter bufferingPolicy: What to keep when elements arrive faster than the loop
    ///   consumes them: `.unbounded`, `.bufferingOldest(n)` or `.bufferingNewest(n)`.
    /// - Returns: A stream that observes the signal now and disposes the observation when the
    ///   stream terminates or its consumer is cancelled.
    public func values(
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy
    ) -> AsyncStream<Element> {
        AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
            let observation = SerialDisposable()
            continuation.onTermination = { _ in observation.dispose() }
            observation.otherDisposable = self.observe(with: { event in
                switch event {
                case .next(let element): continuation.yield(element)
                case .completed: continuation.finish()
                }
            })
        }
    }
}
