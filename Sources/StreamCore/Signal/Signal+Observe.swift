extension SignalProtocol {
    /// Registers an observer of the elements only.
    ///
    /// ```swift
    /// cities.filter { $0.hasPrefix("P") }.observeNext { print($0) }
    /// ```
    @inlinable
    @discardableResult
    public func observeNext(with observer: @escaping @Sendable (Element) -> Void) -> any Disposable {
        observe(with: { event in
            if case .next(let element) = event { observer(element) }
        })
    }

    /// Registers an observer of the failure only.
    @discardableResult
    public func observeFailed(with observer: @escaping @Sendable (Error) -> Void) -> any Disposable {
        observe(with: { event in
            if case .failed(let error) = event { observer(error) }
        })
    }

    /// Registers an observer of the successful completion only.
    @discardableResult
    public func observeCompleted(with observer: @escaping @Sendable () -> Void) -> any Disposable {
        observe(with: { event in
            if case .completed = event { observer() }
        })
    }

    /// Registers Combine-style handlers for the elements and the completion.
    ///
    /// ```swift
    /// let cancellable = signal.sink(
    ///     receiveCompletion: { print("done:", $0) },
    ///     receiveValue: { print($0) })
    /// ```
    public func sink(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion<Error>) -> Void,
        receiveValue: @escaping @Sendable (Element) -> Void
    ) -> any Disposable {
        observe(with: { event in
            switch event {
            case .next(let element): receiveValue(element)
            case .failed(let error): receiveCompletion(.failure(error))
            case .completed: receiveCompletion(.finished)
            }
        })
    }
}

extension SignalProtocol where Error == Never {
    /// Registers a Combine-style handler for the elements of a signal that cannot fail.
    public func sink(receiveValue: @escaping @Sendable (Element) -> Void) -> any Disposable {
        observeNext(with: receiveValue)
    }
}
