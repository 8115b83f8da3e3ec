public import StreamCoreTesting

// Earlier spellings of the test harness, kept so that existing tests compile unchanged. The
// primary names are shared with StoreKitLiteTesting's `TestStore`.

/// FeedbackLoopTesting's name for the shared `Exhaustivity` of StreamCoreTesting (one type for
/// `TestLoop` and `TestStore`).
public typealias Exhaustivity = StreamCoreTesting.Exhaustivity

extension TestLoop {
    /// The events the feedbacks sent that are not asserted yet: the earlier name of
    /// ``unasserted``.
    public var receivedEvents: [Event] { unasserted }

    /// Reduces, unchecked and in order, the events received so far: the earlier name of
    /// ``skipReceived(fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - fileID: The caller's `#fileID`, where a refused event is reported.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public func skipReceivedEvents(
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        skipReceived(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
