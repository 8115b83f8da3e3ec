#if canImport(Testing)
import Testing
#endif

/// Where a harness call was written — `#fileID`, `#filePath`, `#line` and `#column` captured at
/// the call site — so that a failure is reported at that line, not at the test's.
package struct HarnessLocation: Sendable, Hashable {
    package var fileID: String
    package var filePath: String
    package var line: Int
    package var column: Int

    package init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.init(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}

/// Records a test failure at `location`: a Swift Testing issue (`Issue.record(_:sourceLocation:)`)
/// attributed to the running test; without Swift Testing, the message goes to standard output
/// as `file:line: error: message`, the form editors and CI logs link to the line.
///
/// The test harnesses (StoreKitLiteTesting's `TestStore`, FeedbackLoopTesting's `TestLoop`)
/// report every failed `send`, `receive` and `finish` through this one function.
package func recordHarnessIssue(_ message: String, at location: HarnessLocation) {
    #if canImport(Testing)
    Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
            fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
        )
    )
    #else
    print("\(location.filePath):\(location.line): error: \(message)")
    #endif
}

/// Whether the caller runs inside a Swift Testing test (so that an issue it records is
/// attributed to that test); the harnesses throw instead where it does not.
package var isRunningSwiftTestingTest: Bool {
    #if canImport(Testing)
    Test.current != nil
    #else
    false
    #endif
}
