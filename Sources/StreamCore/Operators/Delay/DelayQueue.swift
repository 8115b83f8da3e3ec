/// The events a `delay` observation holds, oldest first, each with the instant it is due.
struct DelayQueue<Event> {
    private var items: [(deadline: SchedulerTime, event: Event)] = []
    private var head = 0

    init() {}

    /// The number of events held.
    var count: Int { items.count - head }

    /// When the oldest event is due, `nil` when none is held.
    var nextDeadline: SchedulerTime? {
        head < items.count ? items[head].deadline : nil
    }

    /// Holds `event` until `deadline`.
    mutating func append(_ event: Event, dueAt deadline: SchedulerTime) {
        items.append((deadline, event))
    }

    /// Removes and returns the oldest event if it is due at `now`.
    mutating func popDue(at now: SchedulerTime) -> Event? {
        guard head < items.count, items[head].deadline <= now else { return nil }
        let event = items[head].event
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return event
    }
}
