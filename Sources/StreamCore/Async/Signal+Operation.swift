extension Signal where Element: Sendable {
    /// A signal that runs an `async` operation in a `Task` for each observation and sends its
    /// result, or fails with its typed error.
    ///
    /// Marble: `----(a|)` when the operation returns `a`; `----#` when it throws.
    ///
    /// ```swift
    /// let user = Signal<User, NetworkError>(operation: { () async throws(NetworkError) in
    ///     try await api.fetchUser(id: 42)
    /// })
    /// let greeting = SafeSignal<String>(operation: { await greeter.hello() })   // cannot fail
    /// let data = Signal<Data, any Error>(operation: { try await download(url) })
    /// ```
    ///
    /// The same initializer covers the three cases: `Error == Never` takes a non-throwing
    /// closure, `any Error` an untyped `throws` one, and a concrete error type a
    /// `throws(ThatError)` closure.
    ///
    /// Each observation starts its own task. Disposing the observation cancels the task
    /// (cooperatively: the operation sees `Task.isCancelled`, and cancellation-aware awaits such
    /// as `Task.sleep` throw), and nothing is delivered after disposal, whatever the operation
    /// then returns or throws. Events arrive on the task's executor (the global concurrent
    /// executor), not on the observing thread.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task; `nil` inherits the current one.
    ///   - operation: The work; called once per observation.
    public init(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable () async throws(Error) -> Element
    ) {
        self.init({ observer in
            let task = Task(priority: priority) {
                do throws(Error) {
                    let element = try await operation()
                    observer.receive(lastElement: element)
                } catch {
                    observer.receive(completion: .failure(error))
                }
            }
            return BlockDisposable { task.cancel() }
        })
    }
}
