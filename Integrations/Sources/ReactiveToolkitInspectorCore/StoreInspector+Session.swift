extension StoreInspector {
    /// The kept history as a session file's text, to import on another machine
    /// (``InspectedSession/init(json:options:)``): each action and the state after it as trees,
    /// redacted, with their outcomes, times and durations, and the effects timeline.
    ///
    /// ```swift
    /// try inspector.exportSession().write(to: url, atomically: true, encoding: .utf8)
    /// ```
    ///
    /// - Returns: The JSON text.
    /// - Throws: ``InspectorError/tooLarge(_:)`` if it would exceed
    ///   ``InspectorOptions/maximumBytes``.
    public func exportSession() throws(InspectorError) -> String {
        let (base, records, skipped, dropped) = history.withLock { history in
            (history.base, history.records(from: history.firstIndex, limit: history.count), history.skipped, history.droppedCount)
        }
        let reflect = { (value: Any?) -> InspectorValue in
            guard let value else { return .null }
            return InspectorValue(reflecting: value, redaction: self.options.redaction, limits: self.options.limits)
        }
        var text = "{\"format\":\"\(InspectedSession.format)\",\"version\":1,\"store\":"
        InspectorValue.writeString(storeDescription, into: &text)
        text += ",\"dropped\":\(dropped),\"base\":"
        reflect(base).write(into: &text)
        text += ",\"entries\":["
        for (position, record) in records.enumerated() {
            let effective = history.withLock { $0.effective(record) }
            let entry = InspectorValue.object([
                .init("i", .number(String(record.index))),
                .init("t", .number(String(record.time / 1_000_000))),
                .init("action", reflect(record.action)),
                .init("summary", .string(reflect(record.action).summary)),
                .init("kind", .string(effective.outcome.kind)),
                .init("outcome", .string(effective.outcome.text)),
                .init("d", .number(String(record.nanoseconds))),
                .init("skipped", .bool(skipped.contains(record.index))),
                .init("state", effective.outcome.reachedReducer ? reflect(effective.state) : .null),
            ])
            if position > 0 { text += "," }
            entry.write(into: &text)
            guard text.utf8.count <= options.maximumBytes else { throw .tooLarge(options.maximumBytes) }
        }
        text += "],\"effects\":"
        (effectLanes(limit: options.maximumEffects)["effects"] ?? .array([])).write(into: &text)
        text += "}"
        guard text.utf8.count <= options.maximumBytes else { throw .tooLarge(options.maximumBytes) }
        return text
    }
}
