public import StreamCore

extension TestScheduler {
    /// A cold signal from a marble diagram: each observation plays it from the tick it observes.
    ///
    /// ```swift
    /// let source = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2])
    /// // observed at tick 10: 1@11, 2@13, completed@14
    /// ```
    ///
    /// - Parameters:
    ///   - marbles: The diagram, in the notation of ``Marbles``.
    ///   - values: The element each character stands for (strings and characters stand for
    ///     themselves).
    ///   - error: The error `#` fails with.
    /// - Returns: A ``TestSignal`` whose events arrive on the thread that advances the scheduler.
    /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
    public func coldSignal<Element: Sendable, Error: Swift.Error>(
        _ marbles: String,
        values: [Character: Element] = [:],
        error: Error? = nil
    ) throws(MarbleSyntaxError) -> TestSignal<Element, Error> {
        TestSignal(script: try Marbles.parse(marbles, values: values, error: error), isCold: true, scheduler: self)
    }

    /// A hot signal from a marble diagram, whose ticks count from now: observers see only the
    /// events after they start observing.
    ///
    /// ```swift
    /// let source = try scheduler.hotSignal("-a-b|", values: ["a": 1, "b": 2])
    /// scheduler.advance(byTicks: 2)
    /// // observed now (tick 2): 2@3, completed@4
    /// ```
    ///
    /// - Parameters:
    ///   - marbles: The diagram, in the notation of ``Marbles``.
    ///   - values: The element each character stands for (strings and characters stand for
    ///     themselves).
    ///   - error: The error `#` fails with.
    /// - Returns: A ``TestSignal`` whose events arrive on the thread that advances the scheduler.
    /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
    public func hotSignal<Element: Sendable, Error: Swift.Error>(
        _ marbles: String,
        values: [Character: Element] = [:],
        error: Error? = nil
    ) throws(MarbleSyntaxError) -> TestSignal<Element, Error> {
        TestSignal(script: try Marbles.parse(marbles, values: values, error: error), isCold: false, scheduler: self)
    }

    /// A cold signal of one-character strings from a marble diagram: each letter stands for
    /// itself, and the signal cannot fail.
    ///
    /// ```swift
    /// let typed = try scheduler.coldSignal("-ab---c|")   // TestSignal<String, Never>
    /// ```
    ///
    /// - Parameter marbles: The diagram, in the notation of ``Marbles``; `#` is a syntax error.
    /// - Returns: A ``TestSignal`` whose events arrive on the thread that advances the scheduler.
    /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
    public func coldSignal(_ marbles: String) throws(MarbleSyntaxError) -> TestSignal<String, Never> {
        try coldSignal(marbles, values: [:], error: Never?.none)
    }

    /// A cold signal that cannot fail, from a marble diagram: the overload picked when no error
    /// type can be inferred.
    ///
    /// ```swift
    /// let numbers = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2])   // TestSignal<Int, Never>
    /// ```
    ///
    /// - Parameters:
    ///   - marbles: The diagram, in the notation of ``Marbles``; `#` is a syntax error.
    ///   - values: The element each character stands for.
    /// - Returns: A ``TestSignal`` whose events arrive on the thread that advances the scheduler.
    /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
    public func coldSignal<Element: Sendable>(
        _ marbles: String,
        values: [Character: Element]
    ) throws(MarbleSyntaxError) -> TestSignal<Element, Never> {
        try coldSignal(marbles, values: values, error: Never?.none)
    }

    /// A hot signal of one-character strings from a marble diagram, whose ticks count from now:
    /// each letter stands for itself, and the signal cannot fail.
    ///
    /// ```swift
    /// let clicks = try scheduler.hotSignal("--x--x|")   // TestSignal<String, Never>
    /// ```
    ///
    /// - Parameter marbles: The diagram, in the notation of ``Marbles``; `#` is a syntax error.
    /// - Returns: A ``TestSignal`` whose events arrive on the thread that advances the scheduler.
    /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
    public func hotSignal(_ marbles: String) throws(MarbleSyntaxError) -> TestSignal<String, Never> {
        try hotSignal(marbles, values: [:], error: Never?.none)
    }

    /// A hot signal that cannot fail, from a marble diagram whose ticks count from now: the
    /// overload picked when no error type can be inferred.
    ///
    /// ```swift
    /// let numbers = try scheduler.hotSignal("-a-b|", values: ["a": 1, "b": 2])   // TestSignal<Int, Never>
    /// ```
    ///
    /// - Parameters:
    ///   - marbles: The diagram, in the notation of ``Marbles``; `#` is a syntax error.
    ///   - values: The element each character stands for.
    /// - Returns: A ``TestSignal`` whose events arrive on the thread that advances the scheduler.
    /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
    public func hotSignal<Element: Sendable>(
        _ marbles: String,
        values: [Character: Element]
    ) throws(MarbleSyntaxError) -> TestSignal<Element, Never> {
        try hotSignal(marbles, values: values, error: Never?.none)
    }

    /// Observes `signal` with a new ``TestRecorder``, which stamps each event with the tick it
    /// arrived at; dispose the recorder to end the observation.
    ///
    /// ```swift
    /// let recorder = scheduler.record(signal)
    /// scheduler.run()
    /// recorder.events   // [next(1)@1, completed@2]
    /// ```
    ///
    /// - Parameter signal: The signal to observe, from now.
    /// - Returns: The recorder.
    public func record<S: SignalProtocol>(_ signal: S) -> TestRecorder<S.Element, S.Error> {
        let recorder = TestRecorder<S.Element, S.Error>(scheduler: self)
        recorder.attach(signal.observe(with: recorder.observer))
        return recorder
    }
}
