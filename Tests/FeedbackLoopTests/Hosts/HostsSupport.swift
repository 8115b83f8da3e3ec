/// Lets main-actor work (render tasks, state updates) run until `condition` holds; gives up after
/// a bounded number of turns rather than a wall-clock time.
@MainActor
func waitUntil(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<100_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
