public import StreamCore

extension Signal where Error == Never, Element: Sendable {
    /// The signal of the states of a spin (Spin's `stream(from:)`): each observation starts
    /// the spin's loop, with its feedbacks, reducer and executer.
    ///
    /// ```swift
    /// let disposable = Signal.stream(from: levelsSpin).observeNext { levels in print(levels) }
    /// ```
    ///
    /// The loop has the guarantees of `Signal.system(initial:executeOn:reducer:feedbacks:diagnostics:)`;
    /// disposing the observation stops it and disposes every feedback.
    ///
    /// - Parameter spin: The spin (or a host decorating one) to run.
    /// - Returns: A cold signal of states starting with the initial state.
    public static func stream<Spinning: SpinConvertible>(
        from spin: Spinning
    ) -> Signal where Spinning.State == Element, Spinning.Event: Sendable {
        let spin = spin.spin
        return system(
            initial: spin.initialState,
            executeOn: spin.executer,
            reducer: spin.reducer,
            feedbacks: spin.feedbacks
        )
    }

    /// Starts a spin and returns what stops it (Spin's `start(spin:)`).
    ///
    /// ```swift
    /// Signal.start(spin: levelsSpin).dispose(in: bag)
    /// ```
    ///
    /// - Parameter spin: The spin (or a host decorating one) to run.
    /// - Returns: Disposing it stops the loop and disposes every feedback.
    public static func start<Spinning: SpinConvertible>(
        spin: Spinning
    ) -> any Disposable where Spinning.State == Element, Spinning.Event: Sendable {
        stream(from: spin).observe { _ in }
    }
}
