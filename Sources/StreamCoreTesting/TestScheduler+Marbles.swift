public import StreamCore

extension TestScheduler {
    /// Observes `signal` from now, runs the scheduler, and compares what arrived with a marble
    /// diagram whose first column is the current tick.
    ///
    /// ```swift
    /// let source = try scheduler.coldSignal("-a-b-c|")
    /// #expect(scheduler.assertMarbles(source.map { $0.uppercased() }, "-A-B-C|") == nil)
    /// ```
    ///
    /// Without `disposeAt`, the scheduler runs until idle; a signal that keeps scheduling work,
    /// such as an interval timer, needs `disposeAt` (after 100,000 actions without going idle
    /// the comparison gives up and reports it). With `disposeAt: n`, the events of the
    /// first `n` ticks (columns `0..<n`) are recorded and the observation is then disposed; zero or
    /// less disposes it at once.
    ///
    /// - Parameters:
    ///   - signal: The signal under test.
    ///   - expected: The expected diagram, in the notation of ``Marbles``.
    ///   - values: The element each character stands for (strings and characters stand for
    ///     themselves).
    ///   - error: The error `#` stands for.
    ///   - disposeAt: The tick, relative to now, at which to dispose the observation; `nil` to
    ///     run until idle.
    /// - Returns: `nil` if the events match; otherwise the ``MarbleMismatch`` describing the
    ///   first difference (also for a malformed diagram).
    public func assertMarbles<S: SignalProtocol>(
        _ signal: S,
        _ expected: String,
        values: [Character: S.Element] = [:],
        error: S.Error? = nil,
        disposeAt: Int? = nil
    ) -> MarbleMismatch? where S.Element: Equatable, S.Error: Equatable {
        let expectedEvents: [Recorded<Signal<S.Element, S.Error>.Event>]
        do {
            expectedEvents = try Marbles.parse(expected, values: values, error: error)
        } catch {
            return MarbleMismatch(expected: expected, actual: "", firstDifferingTick: nil, detail: error.description)
        }
        let start = currentTick
        let recorder = record(signal)
        var wentIdle = true
        if let disposeAt {
            if disposeAt > 0 { advance(toTick: start + disposeAt - 1) }
            recorder.dispose()
        } else {
            wentIdle = run(maximumActions: 100_000)
            recorder.dispose()
        }
        let actualEvents = recorder.events.map { Recorded(tick: $0.tick - start, $0.value) }
        let actual = Marbles.render(actualEvents, values: values)
        guard wentIdle else {
            let detail = "the scheduler never went idle; pass disposeAt: to stop observing"
            return MarbleMismatch(expected: expected, actual: actual, firstDifferingTick: nil, detail: detail)
        }
        return Self.firstDifference(expected: expectedEvents, actual: actualEvents).map { tick in
            let at = { (events: [Recorded<Signal<S.Element, S.Error>.Event>]) in
                "[" + events.filter { $0.tick == tick }.map { "\($0.value)" }.joined(separator: ", ") + "]"
            }
            let detail = "at tick \(tick): expected \(at(expectedEvents)), got \(at(actualEvents))"
            return MarbleMismatch(expected: expected, actual: actual, firstDifferingTick: tick, detail: detail)
        }
    }

    /// Like ``assertMarbles(_:_:values:error:disposeAt:)``, but throws the mismatch: in a
    /// throwing Swift Testing or XCTest test, `try` reports the diff as the failure.
    ///
    /// ```swift
    /// @Test func doublesEachElement() throws {
    ///     let scheduler = TestScheduler()
    ///     let source = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2])
    ///     try scheduler.expectMarbles(source.map { $0 * 2 }, "-x-y|", values: ["x": 2, "y": 4])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - signal: The signal under test.
    ///   - expected: The expected diagram.
    ///   - values: The element each character stands for.
    ///   - error: The error `#` stands for.
    ///   - disposeAt: The tick, relative to now, at which to dispose the observation.
    /// - Throws: ``MarbleMismatch`` if the events differ or the diagram is malformed.
    public func expectMarbles<S: SignalProtocol>(
        _ signal: S,
        _ expected: String,
        values: [Character: S.Element] = [:],
        error: S.Error? = nil,
        disposeAt: Int? = nil
    ) throws(MarbleMismatch) where S.Element: Equatable, S.Error: Equatable {
        if let mismatch = assertMarbles(signal, expected, values: values, error: error, disposeAt: disposeAt) {
            throw mismatch
        }
    }

    /// The first tick whose events differ between the two histories, or `nil` if they are equal.
    static func firstDifference<Value: Equatable>(expected: [Recorded<Value>], actual: [Recorded<Value>]) -> Int? {
        for index in 0..<max(expected.count, actual.count) {
            let lhs = index < expected.count ? expected[index] : nil
            let rhs = index < actual.count ? actual[index] : nil
            if lhs == rhs { continue }
            return min(lhs?.tick ?? .max, rhs?.tick ?? .max)
        }
        return nil
    }
}
