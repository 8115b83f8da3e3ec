import StoreKitLite

extension PostgresJournal {
    /// Ends the wait of the senders whose ``PostgresJournalOptions/sendTimeout`` passed, until
    /// the journal closes. Their actions stay held: they are still applied at their place.
    func runDeadlines() async {
        var wakes = deadlineWakes.makeAsyncIterator()
        let clock = ContinuousClock()
        while !isClosed {
            let (expired, next) = shared.withLockedValue { shared in
                let now = clock.now
                let count = shared.deadlines.prefix { $0.at <= now }.count
                let expired = shared.deadlines.prefix(count).compactMap { $0.action.held }
                shared.deadlines.removeFirst(count)
                return (expired, shared.deadlines.first?.at)
            }
            for held in expired { held.failSender(.deadlineExceeded(mayHaveRun: true)) }
            if let next {
                try? await Task.sleep(until: next, clock: clock)
            } else if await wakes.next() == nil {
                return
            }
        }
    }
}

/// A held action the deadline list does not keep alive.
struct WeakHeldAction<State: Sendable, Action: Sendable>: Sendable {
    weak var held: HeldAction<State, Action>?

    init(_ held: HeldAction<State, Action>) { self.held = held }
}
