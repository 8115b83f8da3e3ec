import StoreKitLite
import StreamCore

extension StoreInspector {
    /// Makes the store show the state after action `index` (0 or the oldest kept index − 1: the
    /// state before the oldest kept action); actions sent meanwhile wait until
    /// ``returnToPresent()``.
    ///
    /// ```swift
    /// try await inspector.jump(to: 3)     // store.state is the state after action 3
    /// try await inspector.returnToPresent()
    /// ```
    ///
    /// - Parameter index: The action's index.
    /// - Throws: ``InspectorError/readOnly(_:)`` for a store not created for development,
    ///   ``InspectorError/unknownIndex(_:)``, ``InspectorError/busy``, or
    ///   ``InspectorError/store(_:)`` if the store is closed.
    public func jump(to index: Int) async throws(InspectorError) {
        let travel = try developmentControl()
        try begin()
        defer { end() }
        let (state, carrier) = try shown(at: index)
        history.withLock { $0.position = index }
        try await show(state, after: carrier, with: travel)
    }

    /// Makes the store show its present again — the last state, recomputed without the skipped
    /// actions — and runs the actions sent meanwhile from it.
    ///
    /// - Throws: As ``jump(to:)``.
    public func returnToPresent() async throws(InspectorError) {
        let travel = try developmentControl()
        try begin()
        defer { end() }
        try await returnToPresent(with: travel)
    }

    /// Skips (or restores) an action and recomputes every later state with the reducer (Redux
    /// DevTools' "skip"): the store shows the recomputed state where it is, and in the present
    /// its state becomes the recomputed present.
    ///
    /// - Parameters:
    ///   - index: The action's index; it must have reached the reducer.
    ///   - skipped: Whether to skip it.
    /// - Throws: As ``jump(to:)``.
    public func setSkipped(_ index: Int, _ skipped: Bool) async throws(InspectorError) {
        let travel = try developmentControl()
        try begin()
        defer { end() }
        guard let record = history.withLock({ $0.record(index) }), record.outcome.reachedReducer else {
            throw .unknownIndex(index)
        }
        let position = history.withLock { $0.position }
        if position == nil {
            // Pause first, so that nothing is reduced while the present is recomputed.
            let (state, carrier) = try shown(at: history.withLock { $0.nextIndex - 1 })
            try await show(state, after: carrier, with: travel)
        }
        history.withLock { history in
            history.annotated = true
            if skipped { history.skipped.insert(index) } else { history.skipped.remove(index) }
        }
        try recompute()
        if let position {
            let (state, carrier) = try shown(at: position)
            try await show(state, after: carrier, with: travel)
        } else {
            try await returnToPresent(with: travel)
        }
    }

    /// Restores every skipped action and returns to the present as the store reduced it.
    ///
    /// - Throws: As ``jump(to:)``.
    public func reset() async throws(InspectorError) {
        let travel = try developmentControl()
        try begin()
        defer { end() }
        let released = history.withLock { history in
            history.skipped = []
            defer { history.computed = [:] }
            return history.computed  // released after unlocking
        }
        withExtendedLifetime(released) {}
        try await returnToPresent(with: travel)
    }

    /// Decodes an action from JSON and dispatches it to the store (development stores whose
    /// action type is `Decodable`).
    ///
    /// - Parameter json: The action as JSON (as its `Decodable` conformance reads it).
    /// - Throws: ``InspectorError/malformedJSON(_:)``, ``InspectorError/undecodableAction(_:)``,
    ///   ``InspectorError/tooLarge(_:)``, ``InspectorError/readOnly(_:)``.
    public func dispatch(json: String) throws(InspectorError) {
        _ = try developmentControl()
        guard json.utf8.count <= options.maximumBytes else { throw .tooLarge(options.maximumBytes) }
        do throws(InspectorValue.ParseError) {
            _ = try InspectorValue(json: json, limits: options.limits)
        } catch {
            throw .malformedJSON(error.description)
        }
        let (store, decode) = attachment.withLock { ($0.store, $0.decode) }
        guard let decode else { throw .readOnly("the store's action type is not Decodable") }
        guard let store else { throw .store("the store is gone") }
        let action: Action
        do {
            action = try decode(json)
        } catch {
            throw .undecodableAction(String(describing: error))
        }
        store.dispatch(action)
    }

    // MARK: - Steps

    func developmentControl() throws(InspectorError) -> TimeTravel<State, Action> {
        guard let timeTravel else { throw .readOnly("the store was not created for development") }
        return timeTravel
    }

    private func begin() throws(InspectorError) {
        guard operating.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            throw .busy
        }
    }

    private func end() {
        operating.store(false, ordering: .releasing)
    }

    /// The state to show at `index`, and the action observers receive with it.
    private func shown(at index: Int) throws(InspectorError) -> (State, Action) {
        let found: (State, Action)? = history.withLock { history in
            guard index >= history.firstIndex - 1, index < history.nextIndex,
                let carrier = history.record(max(index, history.firstIndex))?.action,
                let state = history.state(after: index)
            else { return nil }
            return (state, carrier)
        }
        guard let found else { throw .unknownIndex(index) }
        return found
    }

    private func show(_ state: State, after action: Action, with travel: TimeTravel<State, Action>) async throws(InspectorError) {
        do throws(StoreError) {
            try await travel.show(state, after: action)
        } catch {
            throw .store(error.description)
        }
    }

    private func returnToPresent(with travel: TimeTravel<State, Action>) async throws(InspectorError) {
        let present: (State, Action)? = history.withLock { history in
            history.position = nil
            guard let last = history.record(history.nextIndex - 1), let state = history.state(after: history.nextIndex - 1) else {
                return nil
            }
            return (state, last.action)
        }
        guard let (state, action) = present else { return }  // nothing recorded: nothing to restore
        do throws(StoreError) {
            try await travel.returnToPresent(state, after: action)
        } catch {
            throw .store(error.description)
        }
    }

    /// Replays the kept actions that reached the reducer, without the skipped ones, from the
    /// state before the oldest (outside the lock: the reducer is user code), and keeps the
    /// outcomes and states from the first skipped action on.
    func recompute() throws(InspectorError) {
        guard let reducer = attachment.withLock({ $0.reducer }) else { throw .readOnly("no reducer") }
        let (base, records, skipped, recomputedBefore) = history.withLock { history in
            (history.base, history.records(from: history.firstIndex, limit: history.count), history.skipped, history.computed.keys.min())
        }
        guard let base else { throw .readOnly("the initial state is not known") }
        var computed: [Int: InspectorHistory<State, Action>.Computed] = [:]
        // From the first skipped action, or the first one recomputed before (actions reduced
        // live after an earlier skip were reduced from its recomputed present).
        if let start = [skipped.min(), recomputedBefore].compactMap({ $0 }).min() {
            var state = base
            for record in records where record.outcome.reachedReducer && !skipped.contains(record.index) {
                var next = state
                do throws(StoreError) {
                    try reducer(&next, record.action)
                    state = next
                    if record.index >= start { computed[record.index] = .init(outcome: .reduced, state: state) }
                } catch {
                    if record.index >= start { computed[record.index] = .init(outcome: .refused(error), state: state) }
                }
            }
        }
        let end = records.last.map { $0.index + 1 } ?? 0
        let replaced = history.withLock { history in
            history.annotated = true
            swap(&history.computed, &computed)
            history.computedEnd = end
            return computed
        }
        withExtendedLifetime(replaced) {}
    }
}
