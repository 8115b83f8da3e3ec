/// Why a marble diagram could not be read.
///
/// ```swift
/// do { _ = try Marbles.parse("-a-(b", values: ["a": 1, "b": 2]) as [Recorded<Signal<Int, Never>.Event>] }
/// catch { print(error) }   // unclosed group starting at column 3 in "-a-(b"
/// ```
public struct MarbleSyntaxError: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of syntax errors.
    public enum Reason: Hashable, Sendable {
        /// A character that is neither notation nor a key of the values dictionary.
        case unknownCharacter(Character)
        /// `#` in a diagram parsed without an error to fail with.
        case failureWithoutError
        /// An event after `|` or `#`.
        case eventAfterTerminal
        /// `(` inside a group.
        case nestedGroup
        /// `)` without a matching `(`.
        case unmatchedGroupEnd
        /// `(` without a matching `)`.
        case unclosedGroup
    }

    /// What is wrong.
    public var reason: Reason
    /// The diagram as given.
    public var marbles: String
    /// The zero-based character index of the problem in ``marbles``.
    public var column: Int

    /// Creates a syntax error.
    ///
    /// - Parameters:
    ///   - reason: What is wrong.
    ///   - marbles: The diagram as given.
    ///   - column: The zero-based character index of the problem.
    public init(_ reason: Reason, in marbles: String, at column: Int) {
        self.reason = reason
        self.marbles = marbles
        self.column = column
    }

    /// A sentence naming the problem, its column and the diagram.
    public var description: String {
        let problem: String
        switch reason {
        case .unknownCharacter(let character):
            problem = "'\(character)' is not marble notation and has no entry in the values dictionary"
        case .failureWithoutError: problem = "'#' needs an error to fail with (pass error:)"
        case .eventAfterTerminal: problem = "event after the terminal event"
        case .nestedGroup: problem = "groups cannot nest"
        case .unmatchedGroupEnd: problem = "')' without '('"
        case .unclosedGroup: problem = "unclosed group"
        }
        return "\(problem) at column \(column) in \"\(marbles)\""
    }
}
