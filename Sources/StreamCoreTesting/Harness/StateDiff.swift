import StreamCore

/// The state mismatch a test harness reports: only the fields that differ, `−` expected and
/// `+` actual, each named by its path (as TCA's CustomDump prints it).
///
/// ```
/// State after send(increment) differs (− expected, + actual):
/// − count: 2
/// + count: 1
/// ```
package enum StateDiff {
    /// The `−`/`+` lines of the fields that differ between `expected` and `actual`.
    ///
    /// When no field prints differently (an `isEqual` that sees what descriptions hide, such as
    /// a class's identity), both whole values are printed instead, so a failure never comes
    /// with an empty diff.
    package static func lines(expected: Any, actual: Any) -> [String] {
        let fields = FieldDiff.lines(from: expected, to: actual)
        if !fields.isEmpty { return fields }
        return ["− \(FieldDiff.describe(expected))", "+ \(FieldDiff.describe(actual))"]
    }

    /// The whole failure message: a headline, then the field lines.
    ///
    /// - Parameters:
    ///   - headline: What was checked, such as `State after send(increment) differs`.
    ///   - expected: The expected state.
    ///   - actual: The actual state.
    package static func message(_ headline: String, expected: Any, actual: Any) -> String {
        ([headline + " (− expected, + actual):"] + lines(expected: expected, actual: actual)).joined(separator: "\n")
    }
}
