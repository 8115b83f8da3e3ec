#if canImport(Testing)
import Testing
#endif

/// Records a test failure that no `throw` can carry: the leftovers a ``TestStore`` finds when
/// it goes away without `finish()`.
///
/// With Swift Testing available (it ships with the toolchain), this is `Issue.record` at the
/// given source location, so the failure is attributed to the running test and points at the
/// line that created the test store. Without it, the message goes to standard error.
func reportTestStoreIssue(
    _ message: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
) {
    #if canImport(Testing)
    Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
            fileID: "\(fileID)",
            filePath: "\(filePath)",
            line: Int(line),
            column: Int(column)
        )
    )
    #else
    print("\(fileID):\(line): error: \(message)")
    #endif
}
