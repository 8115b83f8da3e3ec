import StreamCore

/// What a ``ReplayLoadingValueSubject`` replays: a pure state machine fed with the delivered
/// loading states, in delivery order.
///
/// - Before anything: nothing.
/// - After `.loading`, before any result: `.loading`.
/// - After a result: the last `limit` results, where a failure drops the values before it (a
///   late observer sees the failure, then what was loaded after it). A later `.loading` does
///   not hide the results (the view keeps showing them while it reloads).
struct LoadingReplayRecord<LoadingValue, LoadingError: Swift.Error> {
    typealias State = LoadingState<LoadingValue, LoadingError>

    enum Phase: Equatable {
        case notStarted
        case loading
        case settled
    }

    private(set) var phase = Phase.notStarted
    private var results: RingBuffer<State>

    /// Creates an empty record keeping up to `limit` results (negative counts as zero).
    init(limit: Int) {
        results = RingBuffer(capacity: limit)
    }

    /// Records a delivered state.
    ///
    /// - Returns: The states it displaced: release them after unlocking (a value's `deinit` is
    ///   user code).
    mutating func record(_ state: State) -> ContiguousArray<State> {
        switch state {
        case .loading:
            if phase == .notStarted { phase = .loading }
            return []
        case .loaded:
            phase = .settled
            return results.append(state).map { [$0] } ?? []
        case .failed:
            phase = .settled
            var displaced = results.removeAll()
            if let rejected = results.append(state) { displaced.append(rejected) }
            return displaced
        }
    }

    /// The states a new observer receives, oldest first.
    var replay: [State] {
        switch phase {
        case .notStarted: []
        case .loading: [.loading]
        case .settled: Array(results.elements)
        }
    }
}
