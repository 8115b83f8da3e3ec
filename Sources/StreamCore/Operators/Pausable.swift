extension SignalProtocol {
    /// Passes elements on only while the latest value of `control` is `true`; elements sent
    /// while paused are dropped (ReactiveKit's `pausable(by:)`).
    ///
    /// Marble: source `-a-b-c-d|`, control `---f---t` → `-a-----d|`
    ///
    /// ```swift
    /// locationUpdates.pausable(by: isMapVisible).observeNext(moveMap)
    /// ```
    ///
    /// The signal starts unpaused. Terminal events always pass; `control`'s own terminal event
    /// leaves the last value in force.
    ///
    /// - Parameter control: `true` to let elements through, `false` to drop them.
    /// - Returns: The elements that arrive while `control`'s latest value is `true`.
    public func pausable<Control: SignalProtocol>(by control: Control) -> Signal<Element, Error>
    where Control.Element == Bool {
        Signal({ observer in
            let isOpen = LockedState(true)
            let observations = CompositeDisposable()
            observations.add(
                control.observe { event in
                    if case .next(let open) = event { isOpen.withLock { $0 = open } }
                })
            observations.add(
                self.observe { event in
                    if case .next = event, !isOpen.withLock({ $0 }) { return }
                    observer.on(event)
                })
            return observations
        })
    }
}
