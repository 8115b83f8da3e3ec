/// One recorded action: when, what became of it, how long the reducer took, and the state after
/// it (shared with the store, never copied or encoded here). Small and cheap to move: the
/// outcome of an action the reducer reduced (nearly all) is no object at all.
@usableFromInline
struct InspectedRecord<State: Sendable, Action: Sendable>: Sendable {
    /// Its number, from 1, in recording order (set when appended).
    @usableFromInline var index: Int
    /// When it was recorded: nanoseconds since 1970.
    @usableFromInline let time: UInt64
    /// How long the reducer ran, in nanoseconds (0 when it did not reach it).
    @usableFromInline let nanoseconds: UInt64
    @usableFromInline let action: Action
    /// The state after it; `nil` when it did not reach the reducer.
    @usableFromInline var state: State?
    /// The outcome when it is not `.reduced`.
    @usableFromInline let note: OutcomeNote?

    @inlinable
    init(time: UInt64, outcome note: OutcomeNote?, action: Action, state: State?, nanoseconds: UInt64) {
        self.index = 0
        self.time = time
        self.nanoseconds = nanoseconds
        self.action = action
        self.state = state
        self.note = note
    }

    /// What became of the action.
    var outcome: RecordedOutcome { note?.outcome ?? .reduced }
}

/// An outcome other than `.reduced`, boxed so that a record stays a few plain words.
@usableFromInline
final class OutcomeNote: Sendable {
    let outcome: RecordedOutcome

    @usableFromInline
    init(_ outcome: RecordedOutcome) {
        self.outcome = outcome
    }
}

/// The recorded actions, newest last, at most `capacity` (a ring: the oldest is dropped), and
/// what time travel changed: the skipped actions, the states recomputed without them, and the
/// action whose state the store shows. Lives in the inspector's lock box; nothing here calls
/// user code, and what it removes is handed back to be released after unlocking.
@usableFromInline
struct InspectorHistory<State: Sendable, Action: Sendable> {
    /// What an action's replay without the skipped ones gave.
    @usableFromInline
    struct Computed {
        @usableFromInline let outcome: RecordedOutcome
        @usableFromInline let state: State?

        @inlinable
        init(outcome: RecordedOutcome, state: State?) {
            self.outcome = outcome
            self.state = state
        }
    }

    @usableFromInline let capacity: Int
    @usableFromInline let ring: RecordRing<State, Action>
    @usableFromInline var start = 0
    @usableFromInline var count = 0
    /// The number the next record gets.
    @usableFromInline var nextIndex = 1
    /// The state before the oldest record (the initial state until records are dropped).
    @usableFromInline var base: State?
    /// How many of the oldest records were dropped to respect the bound.
    var droppedCount: Int { nextIndex - 1 - count }
    /// Whether the page or time travel ever filled `summaries`, `skipped` or `computed`: until
    /// then, pushing out a record looks at none of them.
    @usableFromInline var annotated = false
    /// Summaries already described, by index (dropped with their records).
    @usableFromInline var summaries: [Int: String] = [:]
    /// The skipped actions' indices.
    @usableFromInline var skipped: Set<Int> = []
    /// The replay without the skipped actions: outcomes and states from the first skipped index
    /// on, up to (not including) `computedEnd`; records after it were reduced live from that
    /// recomputed present.
    @usableFromInline var computed: [Int: Computed] = [:]
    var computedEnd = 0
    /// The index whose state the store shows (0: the state before the first action); `nil` in
    /// the present.
    var position: Int?

    init(capacity: Int) {
        self.capacity = capacity
        ring = RecordRing(capacity: capacity)
    }

    /// The oldest record's index.
    var firstIndex: Int { nextIndex - count }

    /// Sets the initial state if none is known yet (a loop's reducer sees it at its first call).
    mutating func setBaseIfUnknown(_ state: State) -> Bool {
        guard base == nil, droppedCount == 0, count == 0 else { return false }
        base = state
        return true
    }

    /// Appends `record`, numbering it. When the history is full, the oldest record is pushed out
    /// and handed back in `record` (its state replaced by the base state it replaces), and its
    /// recorded state, when time travel had recomputed it, in `spare`: the caller releases both after unlocking
    /// (their deinit is user code).
    @inlinable
    mutating func append(_ record: inout InspectedRecord<State, Action>, spare: inout State?) {
        record.index = nextIndex
        nextIndex += 1
        if ring.count < capacity {
            (ring.slots + ring.count).initialize(to: record)
            ring.count += 1
            count += 1
            return
        }
        swap(&ring.slots[start], &record)
        start = start + 1 == capacity ? 0 : start + 1
        var wasSkipped = false
        if annotated {
            if !summaries.isEmpty { summaries[record.index] = nil }
            wasSkipped = !skipped.isEmpty && skipped.remove(record.index) != nil
        }
        // A recomputed entry stays in `computed` (at most `capacity` of them, replaced whole, and
        // released outside the lock, by the next recompute): removing it here would release its
        // outcome's payload under the lock.
        if annotated, !computed.isEmpty, let found = computed[record.index]?.state {
            var recomputed: State? = found
            // The recomputed state is the one after it; the recorded one leaves in `spare`.
            swap(&record.state, &recomputed)
            spare = recomputed
        }
        // The state after the dropped record is the new base; the old base leaves in `record`.
        if !wasSkipped, record.state != nil { swap(&base, &record.state) }
    }

    /// The record with this index, if kept.
    func record(_ index: Int) -> InspectedRecord<State, Action>? {
        guard index >= firstIndex, index < nextIndex else { return nil }
        return ring.slots[(start + index - firstIndex) % capacity]
    }

    /// The records from `from` on (at most `limit`).
    func records(from: Int, limit: Int) -> [InspectedRecord<State, Action>] {
        let first = max(from, firstIndex)
        guard first < nextIndex, limit > 0 else { return [] }
        return (first..<min(nextIndex, first + limit)).compactMap(record)
    }

    /// What time travel makes of a record: its recomputed outcome and state, or as recorded.
    func effective(_ record: InspectedRecord<State, Action>) -> Computed {
        if let computed = computed[record.index] { return computed }
        return Computed(outcome: record.outcome, state: record.state)
    }

    /// The state after `index` as time travel sees it (0 or less: the base state).
    func state(after index: Int) -> State? {
        var current = min(index, nextIndex - 1)
        while current >= firstIndex {
            if let record = record(current) {
                let effective = effective(record)
                if skipped.contains(current) || !effective.outcome.reachedReducer {
                    current -= 1
                    continue
                }
                if let state = effective.state { return state }
            }
            current -= 1
        }
        return base
    }
}
