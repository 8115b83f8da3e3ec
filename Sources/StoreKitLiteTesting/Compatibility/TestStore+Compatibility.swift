public import StreamCoreTesting

// Earlier spellings of the test harness, kept so that existing tests compile unchanged. The
// primary names are shared with FeedbackLoopTesting's `TestLoop`.

/// StoreKitLiteTesting's name for the shared `Exhaustivity` of StreamCoreTesting (one type for
/// `TestStore` and `TestLoop`).
public typealias Exhaustivity = StreamCoreTesting.Exhaustivity

extension TestStore {
    /// The actions fed back and not asserted yet: the earlier name of ``unasserted``.
    public var unassertedActions: [Action] { unasserted }

    /// Reduces, unchecked, the actions fed back and not asserted yet, and forgets them: the
    /// earlier name of ``skipReceived()``.
    public func skipReceivedActions() {
        skipReceived()
    }
}
