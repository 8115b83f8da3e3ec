/// How a ``PostgresJournal`` names its tables, bounds its payloads and queries, snapshots, and
/// reconnects.
public struct PostgresJournalOptions: Sendable {
    /// The journal's name: the prefix of its tables (`<name>_actions`, `<name>_snapshots`,
    /// `<name>_counter`, `<name>_instances`) and its `LISTEN/NOTIFY` channel. Stores that share a name share one log.
    public var name: String
    /// After how many actions in the log each instance offers a snapshot of its state (the
    /// first write for a sequence number wins; they are equal, since every instance applies the
    /// same actions in the same order).
    public var snapshotEvery: Int
    /// The largest encoded action accepted; a larger one is refused (its `send` throws
    /// `StoreError.rejected`), nothing is written.
    public var maxActionBytes: Int
    /// The largest encoded state written or read as a snapshot.
    public var maxSnapshotBytes: Int
    /// The deadline of each query (an insert, a catch-up read, a snapshot); past it the
    /// connection is closed and reopened, and an insert whose outcome is unknown is looked up
    /// by its origin before it is tried again.
    public var queryTimeout: Duration
    /// The deadline of opening a connection.
    public var connectTimeout: Duration
    /// How often an instance reads the log even without a notification (notifications can be
    /// missed; a gap in the sequence numbers also triggers a read at once).
    public var pollInterval: Duration
    /// The first delay before reconnecting; it doubles at each failed attempt.
    public var reconnectDelay: Duration
    /// The longest delay between reconnection attempts.
    public var maxReconnectDelay: Duration
    /// The most actions inserted in one statement, or read in one catch-up query.
    public var batchSize: Int
    /// The deadline of every `send` on the store (nil: none). Past it, `send` throws
    /// `StoreError.deadlineExceeded(mayHaveRun: true)`: the action was handed to the journal and
    /// may still commit (and is then applied here at its place, like any action of the log), so
    /// its outcome is unknown and a retry must be idempotent. A caller's own shorter bound
    /// (`send(_:timeout:)`) still applies.
    public var sendTimeout: Duration?
    /// Whether a `send` made while the journal is reconnecting fails at once with
    /// `StoreError.deadlineExceeded(mayHaveRun: false)` (the action is not run, nothing is
    /// written), instead of waiting for the connection, at most ``sendTimeout``.
    public var failFastWhileReconnecting: Bool
    /// How many actions of the log compaction keeps below the place it may cut at (nil: no
    /// compaction, the whole log is kept). After each snapshot it writes, an instance deletes the
    /// actions before `min(latest snapshot, every live instance's position) - retainedActions`:
    /// a new instance starts from the latest snapshot, a live one needs only what follows its
    /// position, so none of them misses an action. An instance away longer than
    /// ``instanceExpiry`` may find its next actions gone: it stops with
    /// ``PostgresJournalError/behindCompaction(applied:oldestRetained:)`` instead of diverging.
    public var retainedActions: Int?
    /// How long an instance counts as live after it last recorded its position in
    /// `<name>_instances` (it does so at least every ``pollInterval`` and a quarter of this, while
    /// it follows the log). Only used with ``retainedActions``.
    public var instanceExpiry: Duration
    /// The effects lease (nil, the default: none, every instance runs its effects): one instance
    /// at a time holds it, and runs the feedbacks given to `StoreService(…, lease:
    /// journal.lease)`; the actions it sends while it leads carry the lease's epoch and are
    /// refused once another instance took the lease over (Decision 0027).
    public var effectsLease: EffectsLeaseOptions?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - name: The tables' prefix and the channel: a lowercase letter or `_`, then lowercase
    ///     letters, digits or `_`, at most 40 characters (checked by ``PostgresJournal``).
    ///   - snapshotEvery: Actions between snapshots (default 1,000).
    ///   - maxActionBytes: The largest encoded action (default 1 MiB).
    ///   - maxSnapshotBytes: The largest encoded state (default 64 MiB).
    ///   - queryTimeout: Each query's deadline (default 10 s).
    ///   - connectTimeout: Each connection attempt's deadline (default 10 s).
    ///   - pollInterval: Reads of the log without a notification (default 1 s).
    ///   - reconnectDelay: The first reconnection delay (default 100 ms).
    ///   - maxReconnectDelay: The longest reconnection delay (default 5 s).
    ///   - batchSize: Actions per insert or catch-up query (default 256).
    ///   - sendTimeout: Every `send`'s deadline (default 10 s, the query deadline's default: a
    ///     healthy server commits well within it, and a client then gets an answer while the
    ///     server is away; nil for none).
    ///   - failFastWhileReconnecting: Fail sends at once while reconnecting (default false).
    ///   - retainedActions: Actions kept below the compaction point (default nil: no compaction).
    ///   - instanceExpiry: How long an instance that stopped recording its position still holds
    ///     compaction back (default 60 s).
    public init(
        name: String,
        snapshotEvery: Int = 1_000,
        maxActionBytes: Int = 1 << 20,
        maxSnapshotBytes: Int = 64 << 20,
        queryTimeout: Duration = .seconds(10),
        connectTimeout: Duration = .seconds(10),
        pollInterval: Duration = .seconds(1),
        reconnectDelay: Duration = .milliseconds(100),
        maxReconnectDelay: Duration = .seconds(5),
        batchSize: Int = 256,
        sendTimeout: Duration? = .seconds(10),
        failFastWhileReconnecting: Bool = false,
        retainedActions: Int? = nil,
        instanceExpiry: Duration = .seconds(60)
    ) {
        self.name = name
        self.snapshotEvery = max(1, snapshotEvery)
        self.maxActionBytes = max(1, maxActionBytes)
        self.maxSnapshotBytes = max(1, maxSnapshotBytes)
        self.queryTimeout = queryTimeout
        self.connectTimeout = connectTimeout
        self.pollInterval = pollInterval
        self.reconnectDelay = reconnectDelay
        self.maxReconnectDelay = max(reconnectDelay, maxReconnectDelay)
        self.batchSize = max(1, min(batchSize, 10_000))
        self.sendTimeout = sendTimeout
        self.failFastWhileReconnecting = failFastWhileReconnecting
        self.retainedActions = retainedActions.map { max(0, $0) }
        self.instanceExpiry = max(.milliseconds(100), instanceExpiry)
    }

    /// Whether ``name`` is a safe identifier: it is spliced into SQL as a table prefix.
    var hasValidName: Bool {
        guard let first = name.utf8.first, name.utf8.count <= 40 else { return false }
        let lower = UInt8(ascii: "a")...UInt8(ascii: "z")
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        let underscore = UInt8(ascii: "_")
        guard lower.contains(first) || first == underscore else { return false }
        return name.utf8.allSatisfy { lower.contains($0) || digit.contains($0) || $0 == underscore }
    }
}
