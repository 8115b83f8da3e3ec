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

/// The recorded actions, newest last, at most `capacity` (a ring: the oldest is dropped) and,
/// when the inspector measures records, at most `byteBudget` bytes; what time travel changed:
/// the skipped actions, the states recomputed without them, and the action whose state the
/// store shows; and what maps a record to the store update it made (for the effects timeline).
/// Lives in the inspector's lock box; nothing here calls user code, and what it removes is
/// handed back to be released after unlocking.
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
    /// How many of the oldest records were dropped to respect the bounds.
    var droppedCount: Int { nextIndex - 1 - count }
    /// How many of those were dropped for the byte budget (the rest: for the count).
    @usableFromInline var droppedForBytes = 0
    /// The most bytes the records may take, as measured (``InspectorByteAccounting``).
    @usableFromInline var byteBudget = Int.max
    /// What the kept records take, as measured.
    @usableFromInline var bytes = 0
    /// Each kept record's measured size, by slot (allocated only when records are measured).
    @usableFromInline var sizes: UnsafeMutablePointer<Int>?
    /// The indices of records that did not reach the reducer (dropped or held by a middleware),
    /// ascending; those below the first kept index are trimmed into `stoppedBefore`.
    var stopped: [Int] = []
    var stoppedBefore = 0
    /// Where the store's installed states (time travel) start counting: from the record with
    /// `index` on, `installs` states had been installed before its reducer call.
    var installMarks: [(index: Int, installs: Int)] = []
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

    /// The store's update number before the first recorded action (its updates before the
    /// inspector was attached; 0 for a store created with it).
    var sequenceOffset = 0

    init(capacity: Int, measured: Bool = false) {
        self.capacity = capacity
        ring = RecordRing(capacity: capacity)
        if measured {
            sizes = .allocate(capacity: capacity)
            ring.sizes = sizes
        }
    }

    /// The oldest record's index.
    var firstIndex: Int { nextIndex - count }

    /// The slot of the `offset`-th oldest record.
    @inlinable
    func slot(_ offset: Int) -> Int {
        let slot = start + offset
        return slot >= capacity ? slot - capacity : slot
    }

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
            (ring.slots + slot(count)).initialize(to: record)
            ring.count += 1
            count += 1
            return
        }
        swap(&ring.slots[start], &record)
        start = start + 1 == capacity ? 0 : start + 1
        retire(&record, spare: &spare)
    }

    /// What pushing `record` (the oldest) out of the history changes: its annotations go, a
    /// recomputed state leaves in `spare`, and the state after it becomes the base (the old base
    /// leaves in `record`).
    @inlinable
    mutating func retire(_ record: inout InspectedRecord<State, Action>, spare: inout State?) {
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
        return ring.slots[slot(index - firstIndex)]
    }

    // MARK: - Bytes

    /// Appends `record`, which measured `size` bytes, then drops the oldest records (never the
    /// new one) until the kept ones fit in the byte budget. What leaves goes in `released` and
    /// `spares`, to be released after unlocking.
    @inlinable
    mutating func appendMeasured(
        _ record: inout InspectedRecord<State, Action>, size: Int, released: inout [InspectedRecord<State, Action>],
        spares: inout [State]
    ) {
        var spare: State?
        let wasFull = ring.count == capacity
        let slot = wasFull ? start : slot(count)
        if wasFull, let sizes { bytes -= sizes[slot] }
        append(&record, spare: &spare)
        if wasFull {
            released.append(record)
        }
        if let spare { spares.append(spare) }
        sizes?[slot] = size
        bytes += size
        while bytes > byteBudget, count > 1 {
            var old = dropOldest()
            var spare: State?
            retire(&old, spare: &spare)
            released.append(old)
            if let spare { spares.append(spare) }
            droppedForBytes += 1
        }
    }

    /// Moves the oldest record out of the ring (its slot left uninitialized).
    @inlinable
    mutating func dropOldest() -> InspectedRecord<State, Action> {
        let old = (ring.slots + start).move()
        if let sizes { bytes -= sizes[start] }
        start = start + 1 == capacity ? 0 : start + 1
        count -= 1
        ring.count -= 1
        ring.start = start
        return old
    }

    // MARK: - Store updates

    /// Notes a record that did not reach the reducer (a middleware dropped or held it).
    @usableFromInline
    mutating func noteStopped(_ index: Int) {
        let first = firstIndex
        if let kept = stopped.firstIndex(where: { $0 >= first }), kept > 0 {
            stoppedBefore += kept
            stopped.removeFirst(kept)
        } else if stopped.last.map({ $0 < first }) ?? false {
            stoppedBefore += stopped.count
            stopped.removeAll()
        }
        stopped.append(index)
    }

    /// Notes that `installs` states had been installed before the reducer call of record `index`.
    @usableFromInline
    mutating func noteInstalls(_ installs: Int, before index: Int) {
        if installMarks.last?.installs != installs { installMarks.append((index, installs)) }
    }

    /// The number of the store update record `index` made (`StoreUpdate.sequence`): the reducer
    /// calls up to it, plus the states installed before it.
    func sequence(of index: Int) -> UInt64 {
        let stoppedUpTo = stoppedBefore + Self.count(in: stopped, atMost: index)
        let installs = installMarks.last { $0.index <= index }?.installs ?? 0
        return UInt64(max(0, index - stoppedUpTo + installs + sequenceOffset))
    }

    /// The kept record that made the store update with this number, if any.
    func index(ofSequence sequence: UInt64) -> Int? {
        var low = firstIndex
        var high = nextIndex - 1
        while low <= high {
            let middle = (low + high) / 2
            let found = self.sequence(of: middle)
            if found < sequence {
                low = middle + 1
            } else if found > sequence {
                high = middle - 1
            } else {
                // Records that did not reach the reducer share the number of the one before.
                var index = middle
                while index >= firstIndex, Self.count(in: stopped, atMost: index) != Self.count(in: stopped, atMost: index - 1) {
                    index -= 1
                }
                guard index >= firstIndex, self.sequence(of: index) == sequence else { return nil }
                return index
            }
        }
        return nil
    }

    /// How many of the ascending `values` are at most `bound`.
    private static func count(in values: [Int], atMost bound: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= bound { low = middle + 1 } else { high = middle }
        }
        return low
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
