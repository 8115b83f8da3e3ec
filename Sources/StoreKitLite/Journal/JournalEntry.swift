public import Foundation

/// One place of a journal's log, as a read-only reader gives it: the action at that sequence
/// number, with its time when the journal keeps one.
///
/// ```swift
/// for entry in try FileJournalReader<Orders, OrderAction>(folder: dataFolder).read().entries {
///     if case .action(let action) = entry.content { print(entry.sequence, action) }
/// }
/// ```
public struct JournalEntry<Action: Sendable>: Sendable {
    /// What a place of the log holds.
    public enum Content: Sendable {
        /// An action.
        case action(Action)
        /// No action: a place an operator emptied (PostgreSQL's skip marker); it changes nothing.
        case noAction
        /// Bytes that are intact but do not decode as an action of this type (say, after a change
        /// of the action type), with the decoder's reason. A store would refuse to open on it;
        /// a reader shows where it is.
        case undecodable(reason: String)
    }

    /// The place in the log: the action's number, from 1.
    public var sequence: UInt64
    /// When it was written, if the journal keeps times (PostgreSQL does, a file journal does not).
    public var date: Date?
    /// What the place holds.
    public var content: Content

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - sequence: The place in the log.
    ///   - date: When it was written, if known.
    ///   - content: What it holds.
    public init(sequence: UInt64, date: Date? = nil, content: Content) {
        self.sequence = sequence
        self.date = date
        self.content = content
    }

    /// The action, if the place holds one.
    public var action: Action? {
        if case .action(let action) = content { return action }
        return nil
    }
}

extension JournalEntry.Content: Equatable where Action: Equatable {}
extension JournalEntry: Equatable where Action: Equatable {}

/// What a read-only journal reader found: the state to start from (the latest snapshot, or none:
/// the initial state) and the log's places after it, in order. Replaying the entries' actions
/// with the store's reducer from that state gives the store's states, action by action.
///
/// ```swift
/// let contents = try FileJournalReader<Orders, OrderAction>(folder: dataFolder).read()
/// var state = contents.snapshot ?? Orders()
/// for entry in contents.entries { if let action = entry.action { try? orders(&state, action) } }
/// ```
public struct JournalContents<State: Sendable, Action: Sendable>: Sendable {
    /// Where it was read from (`FileJournal /var/lib/orders`, `PostgreSQL log orders`).
    public var source: String
    /// The number of actions the snapshot includes (the entries start after it); 0 without one.
    public var snapshotSequence: UInt64
    /// The snapshot's state; `nil` when there is none (start from the store's initial state).
    public var snapshot: State?
    /// When the snapshot was written, if the journal keeps times.
    public var snapshotDate: Date?
    /// The places after the snapshot, in order.
    public var entries: [JournalEntry<Action>]
    /// What the reader left aside, for the reader's user to see: a torn tail it ignored, entries
    /// it did not read past its bound.
    public var notes: [String]

    /// Creates contents.
    ///
    /// - Parameters:
    ///   - source: Where they were read from.
    ///   - snapshotSequence: The actions the snapshot includes.
    ///   - snapshot: The snapshot's state, if any.
    ///   - snapshotDate: When it was written, if known.
    ///   - entries: The places after it.
    ///   - notes: What was left aside.
    public init(
        source: String, snapshotSequence: UInt64, snapshot: State?, snapshotDate: Date? = nil,
        entries: [JournalEntry<Action>], notes: [String] = []
    ) {
        self.source = source
        self.snapshotSequence = snapshotSequence
        self.snapshot = snapshot
        self.snapshotDate = snapshotDate
        self.entries = entries
        self.notes = notes
    }
}
