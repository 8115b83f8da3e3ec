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
    ///   - fileID: The caller's `#fileID`, recorded in the mismatch.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Returns: `nil` if the events match; otherwise the ``MarbleMismatch`` describing the
    ///   first difference (also for a malformed diagram).
    public func assertMarbles<S: SignalProtocol>(
        _ signal: S,
        _ expected: String,
        values: [Character: S.Element] = [:],
        error: S.Error? = nil,
        disposeAt: Int? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) -> MarbleMismatch? where S.Element: Equatable, S.Error: Equatable {
        var mismatch = compareMarbles(signal, expected, values: values, error: error, disposeAt: disposeAt)
        mismatch?.location = MarbleSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return mismatch
    }

    /// Like ``assertMarbles(_:_:values:error:disposeAt:fileID:filePath:line:column:)``, but
    /// hands a mismatch to `reportFailure`, for example `XCTFail` or Swift Testing's
    /// `Issue.record`, with the call site's location.
    ///
    /// ```swift
    /// // XCTest
    /// scheduler.assertMarbles(signal, "-a|") { mismatch in
    ///     XCTFail(mismatch.description, file: StaticString(mismatch.location!.filePath), line: UInt(mismatch.location!.line))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - signal: The signal under test.
    ///   - expected: The expected diagram.
    ///   - values: The element each character stands for.
    ///   - error: The error `#` stands for.
    ///   - disposeAt: The tick, relative to now, at which to dispose the observation.
    ///   - fileID: The caller's `#fileID`.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    ///   - reportFailure: Called once, on the calling thread, if the events differ or the diagram
    ///     is malformed; the mismatch's ``MarbleMismatch/location`` is the call site.
    public func assertMarbles<S: SignalProtocol>(
        _ signal: S,
        _ expected: String,
        values: [Character: S.Element] = [:],
        error: S.Error? = nil,
        disposeAt: Int? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        reportFailure: (MarbleMismatch) -> Void
    ) where S.Element: Equatable, S.Error: Equatable {
        if let mismatch = assertMarbles(
            signal, expected, values: values, error: error, disposeAt: disposeAt,
            fileID: fileID, filePath: filePath, line: line, column: column
        ) {
            reportFailure(mismatch)
        }
    }

    /// Like ``assertMarbles(_:_:values:error:disposeAt:fileID:filePath:line:column:)``, but
    /// throws the mismatch: in a
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
    ///   - fileID: The caller's `#fileID`.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    /// - Throws: ``MarbleMismatch`` if the events differ or the diagram is malformed; its
    ///   description names the call site.
    public func expectMarbles<S: SignalProtocol>(
        _ signal: S,
        _ expected: String,
        values: [Character: S.Element] = [:],
        error: S.Error? = nil,
        disposeAt: Int? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) throws(MarbleMismatch) where S.Element: Equatable, S.Error: Equatable {
        if let mismatch = assertMarbles(
            signal, expected, values: values, error: error, disposeAt: disposeAt,
            fileID: fileID, filePath: filePath, line: line, column: column
        ) {
            throw mismatch
        }
    }

    /// Observes, runs and compares; the body of the public assertions.
    private func compareMarbles<S: SignalProtocol>(
        _ signal: S,
        _ expected: String,
        values: [Character: S.Element],
        error: S.Error?,
        disposeAt: Int?
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
