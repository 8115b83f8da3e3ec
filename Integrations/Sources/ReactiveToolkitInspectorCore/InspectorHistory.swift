/// One recorded action: when, what became of it, how long the reducer took, and the state after
/// it (shared with the store, never copied or encoded here).
struct InspectedRecord<State: Sendable, Action: Sendable>: Sendable {
    /// Its number, from 1, in recording order.
    let index: Int
    /// When it was recorded: nanoseconds since 1970.
    let time: UInt64
    let outcome: RecordedOutcome
    let action: Action
    /// The state after it; `nil` when it did not reach the reducer.
    let state: State?
    /// How long the reducer ran, in nanoseconds (0 when it did not reach it).
    let nanoseconds: UInt64
}

/// The recorded actions, newest last, at most `capacity` (a ring: the oldest is dropped), and
/// what time travel changed: the skipped actions, the states recomputed without them, and the
/// action whose state the store shows. Lives in the inspector's lock box; nothing here calls
/// user code, and what it removes is handed back to be released after unlocking.
struct InspectorHistory<State: Sendable, Action: Sendable> {
    /// What an action's replay without the skipped ones gave.
    struct Computed {
        let outcome: RecordedOutcome
        let state: State?
    }

    let capacity: Int
    private var ring: [InspectedRecord<State, Action>?]
    private var start = 0
    private(set) var count = 0
    /// The number the next record gets.
    private(set) var nextIndex = 1
    /// The state before the oldest record (the initial state until records are dropped).
    private(set) var base: State?
    /// How many of the oldest records were dropped to respect the bound.
    private(set) var droppedCount = 0
    /// Summaries already described, by index (dropped with their records).
    var summaries: [Int: String] = [:]
    /// The skipped actions' indices.
    var skipped: Set<Int> = []
    /// The replay without the skipped actions: outcomes and states from the first skipped index
    /// on, up to (not including) `computedEnd`; records after it were reduced live from that
    /// recomputed present.
    var computed: [Int: Computed] = [:]
    var computedEnd = 0
    /// The index whose state the store shows (0: the state before the first action); `nil` in
    /// the present.
    var position: Int?

    init(capacity: Int) {
        self.capacity = capacity
        ring = []
        ring.reserveCapacity(min(capacity, 4_096))
    }

    /// The oldest record's index.
    var firstIndex: Int { nextIndex - count }

    /// Sets the initial state if none is known yet (a loop's reducer sees it at its first call).
    mutating func setBaseIfUnknown(_ state: State) -> Bool {
        guard base == nil, droppedCount == 0, count == 0 else { return false }
        base = state
        return true
    }

    /// Appends a record; returns the record dropped for it and the replaced base state, for the
    /// caller to release after unlocking (their deinit is user code).
    mutating func append(_ make: (Int) -> InspectedRecord<State, Action>) -> (InspectedRecord<State, Action>?, State?, Computed?) {
        let record = make(nextIndex)
        nextIndex += 1
        if ring.count < capacity {
            ring.append(record)
            count += 1
            return (nil, nil, nil)
        }
        let evicted = ring[start].take()
        ring[start] = record
        start = (start + 1) % capacity
        droppedCount += 1
        var oldBase: State?
        var recomputed: Computed?
        if let evicted {
            summaries[evicted.index] = nil
            let wasSkipped = skipped.remove(evicted.index) != nil
            recomputed = computed.removeValue(forKey: evicted.index)
            let after = recomputed.map { $0.outcome.reachedReducer ? $0.state : nil } ?? evicted.state
            if !wasSkipped, let after {
                oldBase = base
                base = after
            }
        }
        return (evicted, oldBase, recomputed)
    }

    /// The record with this index, if kept.
    func record(_ index: Int) -> InspectedRecord<State, Action>? {
        guard index >= firstIndex, index < nextIndex else { return nil }
        return ring[(start + index - firstIndex) % capacity]
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
