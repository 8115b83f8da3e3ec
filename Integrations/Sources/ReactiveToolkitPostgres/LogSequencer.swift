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
    /// Other instances' actions seen committed (shipped in a notification) but not yet known
    /// durable, with the ticket of their arrival: never handed on until ``confirm(through:after:)``
    /// (Decision 0029). They count as known for ``frontier``, so no read fetches them again.
    private var tentative: [Int64: (action: Action, ticket: UInt64)] = [:]
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
        while entries[place &+ 1] != nil || tentative[place &+ 1] != nil { place &+= 1 }
        return place
    }

    /// The first place after `place` holding a known action (one that waits for the places
    /// before it, or a tentative one): a catch-up for a gap reads only up to it.
    func firstKnown(after place: Int64) -> Int64? {
        var first: Int64?
        for sequence in entries.keys where sequence > place { first = min(first ?? sequence, sequence) }
        for sequence in tentative.keys where sequence > place { first = min(first ?? sequence, sequence) }
        return first
    }

    /// Whether actions wait for a barrier to confirm them.
    var hasTentative: Bool { !tentative.isEmpty }

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

    /// Another instance's action (or one of ours read back) at `sequence`, known durable.
    /// Returns the tentative action it replaces, for the caller to release outside the lock.
    @discardableResult
    mutating func received(_ action: Action, at sequence: Int64) -> Action? {
        highestKnown = max(highestKnown, sequence)
        let replaced = tentative.removeValue(forKey: sequence)?.action
        guard sequence > applied, entries[sequence] == nil else { return replaced }
        entries[sequence] = .remote(action)
        return replaced
    }

    /// Another instance's action at `sequence`, seen committed by a connection opened at `ticket`
    /// but not known durable:
    /// kept aside until a barrier confirms it. Returns false (the caller releases the action)
    /// if the place is already known.
    mutating func tentative(_ action: Action, at sequence: Int64, ticket: UInt64) -> Bool {
        highestKnown = max(highestKnown, sequence)
        guard sequence > applied, entries[sequence] == nil, tentative[sequence] == nil else { return false }
        tentative[sequence] = (action, ticket)
        return true
    }

    /// A barrier on a connection opened at `ticket` returned `durable`: the tentative actions up
    /// to it seen by a connection opened at or after `ticket` become ready. Returns the ones
    /// already known, to release outside the lock.
    mutating func confirm(through durable: Int64, after ticket: UInt64) -> [Action] {
        var released: [Action] = []
        for (sequence, entry) in tentative where sequence <= durable && entry.ticket >= ticket {
            tentative[sequence] = nil
            if sequence > applied, entries[sequence] == nil {
                entries[sequence] = .remote(entry.action)
            } else {
                released.append(entry.action)
            }
        }
        return released
    }

    /// Forgets every tentative action (the connection they came by broke, or the barrier's did):
    /// a catch-up reads them again. Returns them, to release outside the lock.
    mutating func dropTentative() -> [Action] {
        defer { tentative = [:] }
        return tentative.values.map(\.action)
    }

    /// A place of the log that holds no action (the skip marker).
    @discardableResult
    mutating func skipped(at sequence: Int64) -> Action? {
        highestKnown = max(highestKnown, sequence)
        let replaced = tentative.removeValue(forKey: sequence)?.action
        guard sequence > applied, entries[sequence] == nil else { return replaced }
        entries[sequence] = .skipped(sequence)
        return replaced
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
        let waiting = Array(entries.values) + tentative.values.map { Entry.remote($0.action) }
        let locals = Array(uncommitted.values)
        entries = [:]
        tentative = [:]
        uncommitted = [:]
        return (waiting, locals)
    }
}

extension LogSequencer: Sendable where Action: Sendable, Local: Sendable {}
extension LogSequencer.Entry: Sendable where Action: Sendable, Local: Sendable {}
