import StreamCore

/// The test scheduler's queue: a binary min-heap of scheduled actions ordered by due tick, then by
/// the order they were scheduled in (FIFO within an instant).
///
/// Cancelled actions stay in the heap (their closures are already released by
/// `ScheduledAction.dispose()`) and are skipped when they reach the top.
struct ActionHeap {
    struct Item {
        let tick: Int64
        let order: UInt64
        let action: ScheduledAction

        func precedes(_ other: Item) -> Bool {
            (tick, order) < (other.tick, other.order)
        }
    }

    private var items: [Item] = []

    var isEmpty: Bool { items.isEmpty }

    /// The number of actions that were neither run nor cancelled.
    var liveCount: Int { items.reduce(0) { $0 + ($1.action.isDisposed ? 0 : 1) } }

    mutating func insert(_ item: Item) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Drops cancelled actions from the top, then returns the first live one without removing it.
    mutating func peekLive() -> Item? {
        while let first = items.first {
            if !first.action.isDisposed { return first }
            removeFirst()
        }
        return nil
    }

    mutating func removeFirst() {
        guard !items.isEmpty else { return }
        items.swapAt(0, items.count - 1)
        items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < items.count, items[left].precedes(items[first]) { first = left }
            if right < items.count, items[right].precedes(items[first]) { first = right }
            if first == parent { return }
            items.swapAt(parent, first)
            parent = first
        }
    }
}
