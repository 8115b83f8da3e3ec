/// A session exported by ``StoreInspector/exportSession()`` and read back, on any machine:
/// step through its actions, states and diffs, read-only (its store is elsewhere, or gone).
///
/// ```swift
/// let session = try InspectedSession(json: String(contentsOf: file, encoding: .utf8))
/// try session.detail(3)   // the action, the state after it, the diff
/// ```
public final class InspectedSession: InspectorSource {
    /// The format name a session file starts with.
    public static let format = "reactivetoolkit-inspector-session"

    /// One action of the session.
    struct Entry: Sendable {
        let index: Int
        let time: Int
        let action: InspectorValue
        let summary: String
        let kind: String
        let outcome: String
        let nanoseconds: Int
        let skipped: Bool
        /// The state after it, `nil` if it did not reach the reducer.
        let state: InspectorValue?
    }

    /// The store type the session was recorded from.
    public let storeDescription: String
    let base: InspectorValue
    let entries: [Entry]
    let dropped: Int
    /// The effects timeline, as exported (``StoreInspector/effectLanes(limit:)``'s effects).
    let effects: [InspectorValue]

    /// Reads a session file's text.
    ///
    /// - Parameters:
    ///   - json: The text.
    ///   - options: The limits (``InspectorOptions/maximumBytes`` bounds the text).
    /// - Throws: ``InspectorError/tooLarge(_:)``, ``InspectorError/malformedJSON(_:)`` or
    ///   ``InspectorError/invalidSession(_:)``.
    public init(json: String, options: InspectorOptions = InspectorOptions()) throws(InspectorError) {
        guard json.utf8.count <= options.maximumBytes else { throw .tooLarge(options.maximumBytes) }
        let root: InspectorValue
        do throws(InspectorValue.ParseError) {
            root = try InspectorValue(json: json, limits: InspectorValue.Limits(depth: options.limits.depth + 8, nodes: .max))
        } catch {
            throw .malformedJSON(error.description)
        }
        guard case .object(let fields) = root, root["format"] == .string(Self.format) else {
            throw .invalidSession("no \"format\": \"\(Self.format)\"")
        }
        _ = fields
        guard case .string(let store)? = root["store"], case .array(let items)? = root["entries"] else {
            throw .invalidSession("no store or entries")
        }
        storeDescription = store
        base = root["base"] ?? .null
        dropped = root["dropped"]?.integer ?? 0
        var entries: [Entry] = []
        for item in items {
            guard let index = item["i"]?.integer, case .string(let kind)? = item["kind"], let action = item["action"] else {
                throw .invalidSession("an entry without an index, kind or action")
            }
            guard entries.last.map({ $0.index < index }) ?? true else { throw .invalidSession("entries out of order") }
            let state = item["state"].flatMap { $0 == .null ? nil : $0 }
            entries.append(
                Entry(
                    index: index, time: item["t"]?.integer ?? 0, action: action,
                    summary: item["summary"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? action.summary,
                    kind: kind,
                    outcome: item["outcome"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? kind,
                    nanoseconds: item["d"]?.integer ?? 0, skipped: item["skipped"] == .bool(true),
                    state: kind == "reduced" || kind == "refused" ? state : nil))
        }
        self.entries = entries
        if case .array(let effects)? = root["effects"] { self.effects = effects } else { self.effects = [] }
    }

    /// The effects an action started, as recorded (see ``StoreInspector/effects(of:)``).
    ///
    /// - Parameter index: The action's index (0: the initial state).
    /// - Returns: Its effects and their follow-ups.
    /// - Throws: ``InspectorError/unknownIndex(_:)``.
    public func effects(of index: Int) throws(InspectorError) -> InspectorValue {
        guard index == 0 || position(of: index) != nil else { throw .unknownIndex(index) }
        var included: Set<Int> = []
        var chosen: [InspectorValue] = []
        for effect in effects {
            guard let id = effect["id"]?.integer else { continue }
            if effect["cause"]?["index"]?.integer == index {
                included.insert(id)
                chosen.append(effect)
            } else if let parent = effect["cause"]?["effect"]?.integer, included.contains(parent) {
                included.insert(id)
                chosen.append(effect.setting("parent", .number(String(parent))))
            }
        }
        return .object([
            .init("index", .number(String(index))), .init("effects", .array(chosen)), .init("fedBack", .array([])),
            .init("dropped", .number("0")),
        ])
    }

    /// The recorded effects, for the lane view.
    ///
    /// - Parameter limit: The most effects.
    /// - Returns: The latest `limit` effects.
    public func effectLanes(limit: Int) -> InspectorValue {
        let ends = effects.compactMap { $0["end"]?.integer } + effects.compactMap { $0["start"]?.integer }
        return .object([
            .init("effects", .array(Array(effects.suffix(max(0, min(limit, 1_000)))))), .init("dropped", .number("0")),
            .init("now", .number(String(ends.max() ?? 0))),
        ])
    }

    /// The position of the entry with this index.
    private func position(of index: Int) -> Int? {
        var low = 0
        var high = entries.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if entries[middle].index == index { return middle }
            if entries[middle].index < index { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// The state after the entry at `position` (skipped and stopped actions keep the previous one).
    private func state(upTo position: Int) -> InspectorValue {
        var current = position
        while current >= 0 {
            let entry = entries[current]
            if !entry.skipped, let state = entry.state { return state }
            current -= 1
        }
        return base
    }

    /// The state after the action with this index, as recorded (the base state for one before
    /// the first).
    ///
    /// - Parameter index: The action's index.
    /// - Returns: The state, `nil` for an unknown index.
    public func state(after index: Int) -> InspectorValue? {
        if let first = entries.first, index == first.index - 1 { return base }
        return position(of: index).map(state(upTo:))
    }

    public func status() -> InspectorValue {
        .object([
            .init("store", .string(storeDescription)),
            .init("development", .bool(false)),
            .init("first", .number(String(entries.first?.index ?? 1))),
            .init("next", .number(String((entries.last?.index ?? 0) + 1))),
            .init("dropped", .number(String(dropped))),
            .init("capacity", .number(String(entries.count))),
            .init("position", .null),
            .init("held", .number("0")),
            .init("skipped", .array(entries.filter(\.skipped).map { .number(String($0.index)) })),
            .init("dispatch", .bool(false)),
            .init("session", .bool(true)),
        ])
    }

    public func rows(matching query: String, from offset: Int, count: Int) -> InspectorValue {
        let needle = query.lowercased()
        let matching =
            needle.isEmpty
            ? entries[...]
            : entries.filter { $0.summary.lowercased().contains(needle) || $0.outcome.lowercased().contains(needle) }[...]
        let page = matching.dropFirst(max(0, offset)).prefix(max(0, min(count, 1_000)))
        return .object([
            .init("total", .number(String(matching.count))),
            .init("first", .number(String(entries.first?.index ?? 1))),
            .init("next", .number(String((entries.last?.index ?? 0) + 1))),
            .init("dropped", .number(String(dropped))),
            .init(
                "rows",
                .array(
                    page.map { entry in
                        .object([
                            .init("i", .number(String(entry.index))), .init("t", .number(String(entry.time))),
                            .init("a", .string(entry.summary)), .init("k", .string(entry.kind)),
                            .init("o", .string(entry.outcome)), .init("d", .number(String(entry.nanoseconds))),
                            .init("s", .bool(entry.skipped)),
                        ])
                    })),
        ])
    }

    public func detail(_ index: Int) throws(InspectorError) -> InspectorValue {
        guard let position = position(of: index) else { throw .unknownIndex(index) }
        let entry = entries[position]
        let before = position == 0 ? base : state(upTo: position - 1)
        let after = state(upTo: position)
        return .object([
            .init("index", .number(String(index))),
            .init("time", .number(String(entry.time))),
            .init("action", entry.action),
            .init("outcome", .object([.init("kind", .string(entry.kind)), .init("text", .string(entry.outcome))])),
            .init("recorded", .string(entry.outcome)),
            .init("nanoseconds", .number(String(entry.nanoseconds))),
            .init("skipped", .bool(entry.skipped)),
            .init("state", after),
            .init("diff", .array(before.diffLines(to: after).map { .string($0) })),
        ])
    }

    public func currentState() -> InspectorValue {
        entries.isEmpty ? base : state(upTo: entries.count - 1)
    }

    public func charts() -> InspectorValue {
        .charts(
            seconds: entries.lazy.filter { $0.time >= 0 }.map { UInt64($0.time / 1_000) },
            durations: entries.lazy.filter { $0.state != nil }.map { UInt64(max(0, $0.nanoseconds)) })
    }

    public func exportSession() throws(InspectorError) -> String {
        throw .readOnly("an imported session is exported by the file it came from")
    }

    public func jump(to index: Int) async throws(InspectorError) { throw .readOnly("an imported session") }
    public func setSkipped(_ index: Int, _ skipped: Bool) async throws(InspectorError) { throw .readOnly("an imported session") }
    public func returnToPresent() async throws(InspectorError) { throw .readOnly("an imported session") }
    public func reset() async throws(InspectorError) { throw .readOnly("an imported session") }
    public func dispatch(json: String) throws(InspectorError) { throw .readOnly("an imported session") }
}

extension InspectorValue {
    /// The value of an object's field, `nil` if it has none (or this is not an object).
    ///
    /// - Parameter name: The field's name.
    public subscript(name: String) -> InspectorValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.name == name }?.value
    }

    /// The object with the field `name` set to `value` (added last if it is missing).
    func setting(_ name: String, _ value: InspectorValue) -> InspectorValue {
        guard case .object(var fields) = self else { return self }
        if let index = fields.firstIndex(where: { $0.name == name }) {
            fields[index].value = value
        } else {
            fields.append(.init(name, value))
        }
        return .object(fields)
    }

    /// The value as an integer, if it is a whole number.
    public var integer: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text)
    }
}
