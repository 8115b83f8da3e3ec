/// Where in a test a marble assertion was written, captured from `#fileID`, `#filePath`,
/// `#line` and `#column` at the call site so that a failure can be reported there.
///
/// ```swift
/// scheduler.assertMarbles(signal, "-a|") { mismatch in
///     let location = mismatch.location!
///     Issue.record(Comment(rawValue: mismatch.description), sourceLocation: SourceLocation(
///         fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
///     ))
/// }
/// ```
public struct MarbleSourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` spells it (`Module/File.swift`).
    public var fileID: String
    /// The file's full path, as `#filePath` spells it.
    public var filePath: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a location; the defaults capture the caller's.
    ///
    /// - Parameters:
    ///   - fileID: The file as `Module/File.swift`.
    ///   - filePath: The file's full path.
    ///   - line: The line.
    ///   - column: The column.
    public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `fileID:line:column`, for example `MyTests/SearchTests.swift:12:9`.
    public var description: String {
        "\(fileID):\(line):\(column)"
    }
}
