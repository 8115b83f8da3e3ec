extension StoreInspector {
    /// The store's state type, as the page titles it.
    public var storeDescription: String {
        "Store<\(State.self), \(Action.self)>"
    }

    /// Where the history stands: `{"store", "development", "first", "next", "dropped",
    /// "droppedForBytes", "capacity", "bytes", "maximumBytes", "slotBytes", "measured",
    /// "effects", "effectsDropped", "position", "held", "skipped", "dispatch", "session"}`
    /// (`position` is `null` in the present, `held` the actions waiting for the return to it,
    /// `bytes` what the kept actions take as counted, `capacity` the most actions kept).
    public func status() -> InspectorValue {
        let (first, next, dropped, droppedForBytes, position, skipped, bytes, capacity) = history.withLock {
            (
                $0.firstIndex, $0.nextIndex, $0.droppedCount, $0.droppedForBytes, $0.position, $0.skipped.sorted(),
                $0.sizes == nil ? $0.count * recordSlotBytes : $0.bytes, $0.capacity
            )
        }
        let (effects, effectsDropped) = timeline.withLock { ($0.entries.count, $0.droppedEffects) }
        let dispatch = attachment.withLock { $0.decode != nil }
        return .object([
            .init("store", .string(storeDescription)),
            .init("development", .bool(isDevelopment)),
            .init("first", .number(String(first))),
            .init("next", .number(String(next))),
            .init("dropped", .number(String(dropped))),
            // Without a measure, a capacity below `maximumActions` is the byte bound's doing.
            .init("droppedForBytes", .number(String(measure == nil && capacity < options.maximumActions ? dropped : droppedForBytes))),
            .init("capacity", .number(String(capacity))),
            .init("bytes", .number(String(bytes))),
            .init("maximumBytes", .number(String(options.maximumRecordedBytes))),
            .init("slotBytes", .number(String(recordSlotBytes))),
            .init("measured", .bool(measure != nil)),
            .init("effects", .number(String(effects))),
            .init("effectsDropped", .number(String(effectsDropped))),
            .init("position", position.map { .number(String($0)) } ?? .null),
            .init("held", .number(String(timeTravel?.heldActionCount ?? 0))),
            .init("skipped", .array(skipped.map { .number(String($0)) })),
            .init("dispatch", .bool(dispatch && isDevelopment)),
            .init("session", .bool(false)),
        ])
    }

    /// A page of the action log: the actions whose summary or outcome contains `query` (all
    /// when it is empty), from the `offset`-th match, at most `count`:
    /// `{"total", "first", "next", "dropped", "rows": [{"i", "t", "a", "k", "o", "d", "s", "r"}]}`
    /// (index, time in ms since 1970, action summary, outcome kind and text, reducer
    /// nanoseconds, skipped, and the recomputed outcome's kind when time travel changed it).
    ///
    /// - Parameters:
    ///   - query: Case-insensitive text to look for; empty for all.
    ///   - offset: How many matches to pass over.
    ///   - count: The most rows.
    /// - Returns: The page.
    public func rows(matching query: String, from offset: Int, count: Int) -> InspectorValue {
        let (first, next, dropped) = history.withLock { ($0.firstIndex, $0.nextIndex, $0.droppedCount) }
        let count = max(0, min(count, 1_000))
        let needle = query.lowercased()
        var indices: [Int]
        var total: Int
        if needle.isEmpty {
            total = next - first
            let start = first + max(0, offset)
            indices = start < next ? Array(start..<min(next, start + count)) : []
        } else {
            describeMissingSummaries()
            let matches: [Int] = history.withLock { history in
                (history.firstIndex..<history.nextIndex).filter { index in
                    guard let record = history.record(index) else { return false }
                    let summary = history.summaries[index] ?? ""
                    let outcome = history.effective(record).outcome.text
                    return summary.lowercased().contains(needle) || outcome.lowercased().contains(needle)
                        || String(index) == needle
                }
            }
            total = matches.count
            indices = Array(matches.dropFirst(max(0, offset)).prefix(count))
        }
        let rows = indices.compactMap(row)
        return .object([
            .init("total", .number(String(total))),
            .init("first", .number(String(first))),
            .init("next", .number(String(next))),
            .init("dropped", .number(String(dropped))),
            .init("rows", .array(rows)),
        ])
    }

    /// One row of the log, describing its action if not done yet.
    private func row(_ index: Int) -> InspectorValue? {
        guard
            let (record, effective, skipped, cached) = history.withLock({ history in
                history.record(index).map { ($0, history.effective($0), history.skipped.contains(index), history.summaries[index]) }
            })
        else { return nil }
        let summary = cached ?? describe(record)
        var fields: [InspectorValue.Field] = [
            .init("i", .number(String(index))),
            .init("t", .number(String(record.time / 1_000_000))),
            .init("a", .string(summary)),
            .init("k", .string(record.outcome.kind)),
            .init("o", .string(record.outcome.text)),
            .init("d", .number(String(record.nanoseconds))),
            .init("s", .bool(skipped)),
        ]
        if effective.outcome != record.outcome { fields.append(.init("r", .string(effective.outcome.text))) }
        return .object(fields)
    }

    /// Describes a record's action (outside the lock: reflection reads user values) and caches it.
    private func describe(_ record: InspectedRecord<State, Action>) -> String {
        let summary = InspectorValue(reflecting: record.action, redaction: options.redaction, limits: options.limits).summary
        history.withLock { history in
            if history.record(record.index) != nil {
                history.annotated = true
                history.summaries[record.index] = summary
            }
        }
        return summary
    }

    /// Describes every kept action not described yet (a search reads all of them).
    private func describeMissingSummaries() {
        let missing: [InspectedRecord<State, Action>] = history.withLock { history in
            (history.firstIndex..<history.nextIndex).compactMap { index in
                history.summaries[index] == nil ? history.record(index) : nil
            }
        }
        for record in missing { _ = describe(record) }
    }

    /// One action in full: `{"index", "time", "action", "outcome", "recorded", "nanoseconds",
    /// "skipped", "state", "diff"}`: the action and the state after it as trees (redacted), and
    /// the diff against the state before it, as time travel sees them.
    ///
    /// - Parameter index: The action's index.
    /// - Returns: The detail.
    /// - Throws: ``InspectorError/unknownIndex(_:)`` if no kept action has it.
    public func detail(_ index: Int) throws(InspectorError) -> InspectorValue {
        guard
            let (record, effective, skipped, before, after) = history.withLock({ history in
                history.record(index).map {
                    ($0, history.effective($0), history.skipped.contains(index), history.state(after: index - 1), history.state(after: index))
                }
            })
        else { throw .unknownIndex(index) }
        let reflect = { (value: Any?) -> InspectorValue in
            guard let value else { return .null }
            return InspectorValue(reflecting: value, redaction: self.options.redaction, limits: self.options.limits)
        }
        let beforeTree = reflect(before)
        let afterTree = reflect(after)
        return .object([
            .init("index", .number(String(index))),
            .init("time", .number(String(record.time / 1_000_000))),
            .init("action", reflect(record.action)),
            .init("outcome", .object([.init("kind", .string(effective.outcome.kind)), .init("text", .string(effective.outcome.text))])),
            .init("recorded", .string(record.outcome.text)),
            .init("nanoseconds", .number(String(record.nanoseconds))),
            .init("skipped", .bool(skipped)),
            .init("state", afterTree),
            .init("diff", .array(beforeTree.diffLines(to: afterTree).map { .string($0) })),
        ])
    }

    /// The store's current state as a tree (redacted): what `GET /state` of a service shows.
    public func currentState() -> InspectorValue {
        guard let store = attachment.withLock({ $0.store }) else {
            return history.withLock { $0.state(after: $0.nextIndex - 1) }.map {
                InspectorValue(reflecting: $0, redaction: options.redaction, limits: options.limits)
            } ?? .null
        }
        return InspectorValue(reflecting: store.state, redaction: options.redaction, limits: options.limits)
    }

    /// The charts' data: actions per second over the kept history (`rate`: `[{"t": seconds
    /// since 1970, "n": actions}]`, at most the last 120 seconds that had actions) and the
    /// reducer's durations (`durations`: `[{"le": upper bound in ns, "n": actions}]`, powers of
    /// two).
    public func charts() -> InspectorValue {
        let samples: [(time: UInt64, nanoseconds: UInt64, reduced: Bool)] = history.withLock { history in
            history.records(from: history.firstIndex, limit: history.count).map {
                ($0.time, $0.nanoseconds, $0.outcome.reachedReducer)
            }
        }
        return .charts(
            seconds: samples.map { $0.time / 1_000_000_000 }, durations: samples.lazy.filter(\.reduced).map(\.nanoseconds))
    }
}

extension InspectorValue {
    /// The charts' data (see ``StoreInspector/charts()``): `rate`, the actions per second (each
    /// action's time in seconds since 1970) over the last 120 seconds that had actions, and
    /// `durations`, the reducer's durations in nanoseconds counted in power-of-two buckets.
    static func charts(seconds: some Sequence<UInt64>, durations: some Sequence<UInt64>) -> InspectorValue {
        var perSecond: [UInt64: Int] = [:]
        for second in seconds { perSecond[second, default: 0] += 1 }
        var buckets: [Int: Int] = [:]
        for nanoseconds in durations {
            buckets[nanoseconds == 0 ? 0 : UInt64.bitWidth - nanoseconds.leadingZeroBitCount, default: 0] += 1
        }
        return .object([
            .init(
                "rate",
                .array(
                    perSecond.keys.sorted().suffix(120).map { second in
                        .object([.init("t", .number(String(second))), .init("n", .number(String(perSecond[second] ?? 0)))])
                    })),
            .init(
                "durations",
                .array(
                    buckets.keys.sorted().map { bucket in
                        .object([.init("le", .number(String(UInt64(1) << UInt64(min(bucket, 62))))), .init("n", .number(String(buckets[bucket] ?? 0)))])
                    })),
        ])
    }

    /// A one-line summary for the action log: a case with its payload (`submit {"product":"tea"}`),
    /// a string as it is, anything else as JSON; cut at 240 characters.
    public var summary: String {
        let text: String
        switch self {
        case .string(let string): text = string
        case .object(let fields) where fields.count == 1:
            let payload = fields[0].value
            if case .object(let inner) = payload, inner.isEmpty {
                text = fields[0].name
            } else {
                text = "\(fields[0].name) \(payload.jsonText)"
            }
        default: text = jsonText
        }
        return text.count > 240 ? String(text.prefix(239)) + "…" : text
    }
}
