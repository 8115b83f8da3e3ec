/// Puts the log's actions in sequence order for one instance: its own actions (held by the
/// journal's middleware until their insert commits) and the other instances' (read from the
/// log), and hands them to the store one at a time, each exactly once, with no gap.
///
/// A pure state machine: it lives in the journal's lock and never calls out; the caller hands
/// the ready entries to the store outside the lock. One caller at a time drains (``isDraining``),
/// so the store receives them in order.
struct LogSequencer<Action, Local> {
    /// One action at its place in the log.
    enum Entry {
        /// Another instance's action (or one of ours whose sender is gone).
        case remote(Action)
        /// One of this instance's actions, held until its place comes.
        case local(Local)
        /// A place with no action (a row an operator replaced by the skip marker).
        case skipped(Int64)
    }

    /// The last sequence number handed to the store.
    private(set) var applied: Int64
    /// Actions at known places after `applied`, waiting for the places before them.
    private var entries: [Int64: Entry] = [:]
    /// This instance's actions not yet known to be committed, by origin.
    private var uncommitted: [String: Local] = [:]
    /// The highest sequence number known to exist (from an insert or a notification).
    private(set) var highestKnown: Int64
    /// Whether a caller is handing entries to the store.
    private var isDraining = false

    init(applied: Int64) {
        self.applied = applied
        self.highestKnown = applied
    }

    /// The last place up to which every action is known: a catch-up reads after it.
    var frontier: Int64 {
        var place = applied
        while entries[place &+ 1] != nil { place &+= 1 }
        return place
    }

    /// Whether a place before a known action is missing (a missed notification, or a commit
    /// seen before the catch-up read the actions before it): a catch-up is needed.
    var hasGap: Bool {
        highestKnown > frontier
    }

    /// How many of this instance's actions wait for their commit.
    var uncommittedCount: Int { uncommitted.count }

    /// Records one of this instance's actions, sent to the log under `origin`.
    mutating func register(origin: String, local: Local) {
        uncommitted[origin] = local
    }

    /// The insert of `origin` committed at `sequence` (or a catch-up found it there). Returns
    /// false if it was already placed.
    @discardableResult
    mutating func committed(origin: String, at sequence: Int64) -> Bool {
        highestKnown = max(highestKnown, sequence)
        guard let local = uncommitted.removeValue(forKey: origin) else { return false }
        if sequence > applied, entries[sequence] == nil { entries[sequence] = .local(local) }
        return true
    }

    /// Forgets one of this instance's actions the log refused (it was never appended).
    mutating func refused(origin: String) -> Local? {
        uncommitted.removeValue(forKey: origin)
    }

    /// Whether `origin` is one of this instance's uncommitted actions (a catch-up then places
    /// it with ``committed(origin:at:)`` instead of decoding its payload).
    func isUncommitted(_ origin: String) -> Bool {
        uncommitted[origin] != nil
    }

    /// Whether the action at `sequence` is already applied or waiting.
    func has(_ sequence: Int64) -> Bool {
        sequence <= applied || entries[sequence] != nil
    }

    /// Another instance's action (or one of ours read back) at `sequence`.
    mutating func received(_ action: Action, at sequence: Int64) {
        highestKnown = max(highestKnown, sequence)
        guard sequence > applied, entries[sequence] == nil else { return }
        entries[sequence] = .remote(action)
    }

    /// A place of the log that holds no action (the skip marker).
    mutating func skipped(at sequence: Int64) {
        highestKnown = max(highestKnown, sequence)
        guard sequence > applied, entries[sequence] == nil else { return }
        entries[sequence] = .skipped(sequence)
    }

    /// A notification or an insert elsewhere says `sequence` exists.
    mutating func known(_ sequence: Int64) {
        highestKnown = max(highestKnown, sequence)
    }

    /// Takes the entries that are ready (the next places, contiguous), in order, if no other
    /// caller is draining; the caller hands them to the store and then calls ``nextBatch()``.
    mutating func beginDrain() -> [Entry]? {
        guard !isDraining else { return nil }
        let batch = takeReady()
        if batch.isEmpty { return nil }
        isDraining = true
        return batch
    }

    /// The next ready entries for the draining caller, or nil (and the drain ends).
    mutating func nextBatch() -> [Entry]? {
        let batch = takeReady()
        if batch.isEmpty {
            isDraining = false
            return nil
        }
        return batch
    }

    private mutating func takeReady() -> [Entry] {
        var batch: [Entry] = []
        while let entry = entries.removeValue(forKey: applied &+ 1) {
            applied &+= 1
            batch.append(entry)
        }
        return batch
    }

    /// Removes everything still waiting (on close); the caller releases it outside the lock.
    mutating func removeAll() -> (waiting: [Entry], uncommitted: [Local]) {
        let waiting = Array(entries.values)
        let locals = Array(uncommitted.values)
        entries = [:]
        uncommitted = [:]
        return (waiting, locals)
    }
}

extension LogSequencer: Sendable where Action: Sendable, Local: Sendable {}
extension LogSequencer.Entry: Sendable where Action: Sendable, Local: Sendable {}
