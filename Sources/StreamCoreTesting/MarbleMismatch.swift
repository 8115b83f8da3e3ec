/// How a signal's recorded events differ from the marble diagram they were expected to match:
/// what ``TestScheduler/assertMarbles(_:_:values:error:disposeAt:fileID:filePath:line:column:)`` returns and
/// ``TestScheduler/expectMarbles(_:_:values:error:disposeAt:fileID:filePath:line:column:)`` throws.
///
/// Its description reads as a diff:
///
/// ```text
/// marbles differ at tick 3
///   expected: -a-b|
///   actual:   -a-c|
///   at tick 3: expected [next(2)], got [next(3)]
/// ```
///
/// Because it is an `Error` with a readable description, throwing it from a test reports the
/// diff in both Swift Testing and XCTest, without this library depending on either.
public struct MarbleMismatch: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// The expected diagram, as given.
    public var expected: String
    /// The recorded events drawn as a diagram (empty when the expected diagram did not parse).
    public var actual: String
    /// The first tick at which the expected and the recorded events differ; `nil` when the
    /// diagram itself is malformed or the signal never went idle.
    public var firstDifferingTick: Int?
    /// The expected and recorded events at ``firstDifferingTick``, or the problem that stopped
    /// the comparison.
    public var detail: String
    /// Where the assertion was written, when known.
    public var location: MarbleSourceLocation?

    /// Creates a mismatch report.
    ///
    /// - Parameters:
    ///   - expected: The expected diagram.
    ///   - actual: The recorded events as a diagram.
    ///   - firstDifferingTick: The first tick that differs, if any.
    ///   - detail: The events at that tick, or the problem.
    ///   - location: Where the assertion was written; `nil` by default.
    public init(
        expected: String,
        actual: String,
        firstDifferingTick: Int?,
        detail: String,
        location: MarbleSourceLocation? = nil
    ) {
        self.expected = expected
        self.actual = actual
        self.firstDifferingTick = firstDifferingTick
        self.detail = detail
        self.location = location
    }

    /// The diff: a headline (with the location, when known), the expected and actual diagrams
    /// one above the other, and the detail.
    public var description: String {
        var headline = firstDifferingTick.map { "marbles differ at tick \($0)" } ?? "marbles could not be compared"
        if let location { headline += " (\(location))" }
        return """
            \(headline)
              expected: \(expected)
              actual:   \(actual)
              \(detail)
            """
    }
}
