/// The effects timeline: the store's effects as its effect events told them (StoreKitLite's
/// `observeEffectEvents`), oldest first, at most `capacity` (older ones are dropped, and
/// counted), each with what started it, when it ended and how, and the actions it sent back;
/// and the actions sent back by no known effect, with what the attached effect that sent them
/// was reacting to. Lives in the inspector's second lock box; nothing here calls user code, and
/// what it drops is handed back to be released after unlocking.
struct EffectTimeline<Action: Sendable> {
    /// What started an effect, as the history resolved it.
    enum Cause: Equatable {
        /// The recorded action with this index (the state after it started the effect).
        case action(Int)
        /// The store update with this number, which no recorded action made (time travel
        /// installed it, or it is older than the history).
        case update(UInt64)
        /// Another effect (a follow-up).
        case effect(UInt64)
        /// Not known.
        case unknown
    }

    /// An action sent back to the store.
    struct Sent {
        /// Nanoseconds since 1970.
        let time: UInt64
        let action: Action
    }

    /// One effect.
    struct Entry {
        let id: UInt64
        let name: String?
        /// Nanoseconds since 1970.
        let started: UInt64
        let cause: Cause
        /// When it ended (nanoseconds since 1970), `nil` while it runs.
        var ended: UInt64?
        /// How: `finished`, `failed: …`, `cancelled`.
        var end: String?
        /// The first ``EffectTimeline/sentKept`` actions it sent back.
        var sent: [Sent] = []
        /// How many it sent back in all.
        var sentCount = 0
    }

    /// An action sent back by no known effect.
    struct Loose {
        let cause: Cause
        let sent: Sent
    }

    /// The most actions kept per effect (the count goes on).
    static var sentKept: Int { 20 }

    let capacity: Int
    /// The effects, in a ring: `entries[(first + i) % capacity]` is the i-th oldest kept.
    private(set) var entries: [Entry] = []
    private var first = 0
    /// Where each kept effect is, by id: its position counted from the first effect ever kept.
    private var positions: [UInt64: Int] = [:]
    /// The position the next effect gets.
    private var nextPosition = 0
    /// The actions sent back by no known effect, oldest first (at most `capacity`).
    private(set) var loose: [Loose] = []
    private var looseFirst = 0
    /// How many effects were dropped to respect the bound.
    private(set) var droppedEffects = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The kept effects, oldest first.
    var orderedEntries: [Entry] {
        Array(entries[first...] + entries[..<first])
    }

    /// The kept loose actions, oldest first.
    var orderedLoose: [Loose] {
        Array(loose[looseFirst...] + loose[..<looseFirst])
    }

    /// Adds an effect that started; returns the one it pushed out (to release unlocked).
    mutating func start(_ entry: Entry) -> Entry? {
        positions[entry.id] = nextPosition
        nextPosition += 1
        if entries.count < capacity {
            entries.append(entry)
            return nil
        }
        var pushed = entry
        swap(&entries[first], &pushed)
        first = (first + 1) % capacity
        positions[pushed.id] = nil
        droppedEffects += 1
        return pushed
    }

    /// The slot of a kept effect.
    private func slot(of id: UInt64) -> Int? {
        guard let position = positions[id] else { return nil }
        return (first + position - (nextPosition - entries.count)) % capacity
    }

    /// Records an action an effect sent back; `false` if the effect is not kept.
    mutating func sent(_ sent: Sent, by id: UInt64) -> Bool {
        guard let slot = slot(of: id) else { return false }
        entries[slot].sentCount += 1
        if entries[slot].sent.count < Self.sentKept { entries[slot].sent.append(sent) }
        return true
    }

    /// Records an action sent back by no known effect; returns the one it pushed out.
    mutating func sentLoose(_ item: Loose) -> Loose? {
        if loose.count < capacity {
            loose.append(item)
            return nil
        }
        var pushed = item
        swap(&loose[looseFirst], &pushed)
        looseFirst = (looseFirst + 1) % capacity
        return pushed
    }

    /// Records the end of an effect, if it is kept.
    mutating func ended(_ id: UInt64, at time: UInt64, how: String) {
        guard let slot = slot(of: id) else { return }
        entries[slot].ended = time
        entries[slot].end = how
    }

    /// The kept effect with this id.
    func entry(_ id: UInt64) -> Entry? {
        slot(of: id).map { entries[$0] }
    }
}
