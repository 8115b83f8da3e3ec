import StoreKitLite

extension StoreInspector {
    /// Keeps one effect event in the timeline (the store's effect observer; any thread).
    func note(_ event: EffectEvent<Action>) {
        let time = epochOffset &+ MonotonicClock.nanoseconds()
        switch event.kind {
        case .started:
            guard let effect = event.effect else { return }
            let cause = resolve(event.cause)
            let pushed = timeline.withLock {
                $0.start(.init(id: effect.rawValue, name: event.name, started: time, cause: cause))
            }
            withExtendedLifetime(pushed) {}  // its sent actions are released here, unlocked
        case .sent(let action):
            let sent = EffectTimeline<Action>.Sent(time: time, action: action)
            if let effect = event.effect, timeline.withLock({ $0.sent(sent, by: effect.rawValue) }) { return }
            let cause = resolve(event.cause)
            let pushed = timeline.withLock { $0.sentLoose(.init(cause: cause, sent: sent)) }
            withExtendedLifetime(pushed) {}
        case .finished, .failed, .cancelled:
            guard let effect = event.effect else { return }
            let how: String
            switch event.kind {
            case .failed(let why): how = "failed: \(why)"
            case .cancelled: how = "cancelled"
            default: how = "finished"
            }
            timeline.withLock { $0.ended(effect.rawValue, at: time, how: how) }
        }
    }

    /// The recorded action behind a store update, when the history has it.
    private func resolve(_ cause: EffectCause) -> EffectTimeline<Action>.Cause {
        switch cause {
        case .unknown: return .unknown
        case .effect(let effect): return .effect(effect.rawValue)
        case .update(let sequence):
            if sequence == 0 { return .action(0) }  // the initial state
            return history.withLock { $0.index(ofSequence: sequence) }.map { .action($0) } ?? .update(sequence)
        }
    }

    /// The effects an action started, directly or through follow-up effects, and the actions
    /// sent back for it by no known effect:
    /// `{"index", "effects": [effect…], "fedBack": [{"t", "a"}], "dropped"}`, where an effect
    /// is `{"id", "name", "start", "end", "duration", "kind", "outcome", "cause", "parent",
    /// "sent": [{"t", "a"}], "sentCount"}` (times in ms since 1970, `end` and `duration` (ns)
    /// `null` while it runs, `kind` one of `running`, `finished`, `failed`, `cancelled`).
    /// Index 0 is the initial state.
    ///
    /// - Parameter index: The action's index.
    /// - Returns: Its effects.
    /// - Throws: ``InspectorError/unknownIndex(_:)`` if the index is neither a kept action nor 0.
    public func effects(of index: Int) throws(InspectorError) -> InspectorValue {
        let known = history.withLock { index == 0 || $0.record(index) != nil }
        guard known else { throw .unknownIndex(index) }
        let (entries, loose, dropped) = timeline.withLock { ($0.orderedEntries, $0.orderedLoose, $0.droppedEffects) }
        // The action's own effects, then their follow-ups (transitively), in start order.
        var included: Set<UInt64> = []
        var chosen: [(EffectTimeline<Action>.Entry, UInt64?)] = []
        for entry in entries {
            switch entry.cause {
            case .action(let cause) where cause == index:
                included.insert(entry.id)
                chosen.append((entry, nil))
            case .effect(let parent) where included.contains(parent):
                included.insert(entry.id)
                chosen.append((entry, parent))
            default: break
            }
        }
        let fedBack = loose.filter { $0.cause == .action(index) }.map { sentValue($0.sent) }
        return .object([
            .init("index", .number(String(index))),
            .init("effects", .array(chosen.map { effectValue($0.0, parent: $0.1) })),
            .init("fedBack", .array(fedBack)),
            .init("dropped", .number(String(dropped))),
        ])
    }

    /// The latest effects for the lane view, oldest first (at most `limit`):
    /// `{"effects": [effect…], "dropped", "now"}` (effects as in ``effects(of:)``, with their
    /// cause; `now` in ms since 1970).
    ///
    /// - Parameter limit: The most effects (at most 1,000).
    /// - Returns: The lanes' data.
    public func effectLanes(limit: Int) -> InspectorValue {
        let (entries, dropped) = timeline.withLock { ($0.orderedEntries.suffix(max(0, min(limit, 1_000))), $0.droppedEffects) }
        let now = (epochOffset &+ MonotonicClock.nanoseconds()) / 1_000_000
        return .object([
            .init("effects", .array(entries.map { effectValue($0, parent: nil) })),
            .init("dropped", .number(String(dropped))),
            .init("now", .number(String(now))),
        ])
    }

    private func effectValue(_ entry: EffectTimeline<Action>.Entry, parent: UInt64?) -> InspectorValue {
        let kind: String
        switch entry.end {
        case nil: kind = "running"
        case let how? where how.hasPrefix("failed"): kind = "failed"
        case let how?: kind = how
        }
        let cause: InspectorValue
        switch entry.cause {
        case .action(let index): cause = .object([.init("index", .number(String(index)))])
        case .update(let sequence): cause = .object([.init("update", .number(String(sequence)))])
        case .effect(let id): cause = .object([.init("effect", .number(String(id)))])
        case .unknown: cause = .null
        }
        return .object([
            .init("id", .number(String(entry.id))),
            .init("name", entry.name.map { .string($0) } ?? .null),
            .init("start", .number(String(entry.started / 1_000_000))),
            .init("end", entry.ended.map { .number(String($0 / 1_000_000)) } ?? .null),
            .init("duration", entry.ended.map { .number(String($0 &- entry.started)) } ?? .null),
            .init("kind", .string(kind)),
            .init("outcome", .string(entry.end ?? "running")),
            .init("cause", cause),
            .init("parent", parent.map { .number(String($0)) } ?? .null),
            .init("sent", .array(entry.sent.map(sentValue))),
            .init("sentCount", .number(String(entry.sentCount))),
        ])
    }

    /// An action sent back, described (outside any lock: reflection reads user values).
    private func sentValue(_ sent: EffectTimeline<Action>.Sent) -> InspectorValue {
        .object([
            .init("t", .number(String(sent.time / 1_000_000))),
            .init("a", .string(InspectorValue(reflecting: sent.action, redaction: options.redaction, limits: options.limits).summary)),
        ])
    }
}
