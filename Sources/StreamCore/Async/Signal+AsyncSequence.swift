extension Signal where Element: Sendable {
    /// A signal that iterates an `AsyncSequence` in a `Task` for each observation and sends its
    /// elements, then completes, or fails with the sequence's typed failure.
    ///
    /// Marble: `-a--b-c|` (as the sequence produces them)
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    /// let numbers = SafeSignal(asyncSequence: stream)          // Failure == Never
    /// let lines = Signal<String, any Error>(asyncSequence: url.lines)
    /// ```
    ///
    /// Each observation starts its own task and its own iteration, so a single-pass sequence
    /// (such as an `AsyncStream`) should be observed once. Disposing the observation cancels the
    /// task, which ends the iteration at the sequence's next cancellation point (an
    /// `AsyncStream` calls its `onTermination` with `.cancelled`); nothing is delivered after
    /// disposal. Events arrive on the task's executor (the global concurrent executor).
    ///
    /// - Parameters:
    ///   - asyncSequence: The elements to send; its `Failure` is the signal's error.
    ///   - priority: The priority of the task; `nil` inherits the current one.
    public init<S: AsyncSequence & Sendable>(
        asyncSequence: S,
        priority: TaskPriority? = nil
    ) where S.Element == Element, S.Failure == Error {
        self.init({ observer in
            let task = Task(priority: priority) {
                do throws(Error) {
                    for try await element in asyncSequence {
                        if observer.isDisposed { return }
                        observer.receive(element)
                    }
                    observer.receive(completion: .finished)
                } catch {
                    observer.receive(completion: .failure(error))
                }
            }
            return BlockDisposable { task.cancel() }
        })
    }
}
