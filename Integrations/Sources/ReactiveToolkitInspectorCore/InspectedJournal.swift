import Foundation
public import StoreKitLite

/// A journal's history replayed with the store's reducer, to step through like a recorded
/// session: the log, the state after each action and its diff, read-only. The post-mortem of a
/// service: open its `FileJournal` folder or its PostgreSQL log, and serve it with
/// `InspectorServer`.
///
/// ```swift
/// let contents = try FileJournalReader<Orders, OrderAction>(folder: dataFolder).read()
/// let journal = InspectedJournal(contents, initialState: Orders(), reducer: orders)
/// let server = try await InspectorServer.start(journal)   // open server.url
/// ```
///
/// The replay starts from the journal's snapshot (or `initialState` without one) and runs every
/// entry's action through `reducer`, recording each outcome (reduced, or refused with the error)
/// and the state after it; a place with no action (PostgreSQL's skip marker) or an action that
/// does not decode is shown as such and changes nothing. Only the last
/// ``InspectorOptions/maximumActions`` entries are kept (the page says how many were left out);
/// rows are numbered by their place in the log. The reducer must be the store's, and
/// deterministic, as a journal requires.
public final class InspectedJournal<State: Sendable, Action: Sendable>: InspectorSource {
    /// One replayed place of the log.
    struct Entry: Sendable {
        let index: Int
        /// Milliseconds since 1970 (0 when the journal keeps no times).
        let time: Int
        let action: Action?
        let kind: String
        let outcome: String
        let nanoseconds: Int
        /// The state after it (the one before, when it changed nothing).
        let state: State
    }

    /// Where the journal was read from.
    public let source: String
    /// What the reader left aside (a torn tail, a bound).
    public let notes: [String]
    let options: InspectorOptions
    /// The state before the first kept entry.
    let base: State
    let entries: [Entry]
    /// Entries replayed but not kept (the oldest, past ``InspectorOptions/maximumActions``).
    let dropped: Int
    let snapshotSequence: UInt64
    /// Summaries already described, by index.
    private let summaries = LockedBox<[Int: String]>([:])

    /// Replays a journal's contents.
    ///
    /// - Parameters:
    ///   - contents: What a journal reader read (`FileJournalReader`, `PostgresJournalReader`).
    ///   - initialState: The store's initial state (used when the journal has no snapshot).
    ///   - reducer: The store's reducer.
    ///   - options: What to keep and hide (``InspectorOptions/maximumActions``, redaction).
    public init(
        _ contents: JournalContents<State, Action>, initialState: State, reducer: Reducer<State, Action>,
        options: InspectorOptions = InspectorOptions()
    ) {
        source = contents.source
        notes = contents.notes
        self.options = options
        snapshotSequence = contents.snapshotSequence
        var state = contents.snapshot ?? initialState
        var replayed: [Entry] = []
        let keep = options.maximumActions
        // The oldest entries past the bound are replayed (the later states need them), not kept.
        let dropped = max(0, contents.entries.count - keep)
        for entry in contents.entries.prefix(dropped) {
            if let action = entry.action { try? reducer(&state, action) }
        }
        let base = state
        replayed.reserveCapacity(contents.entries.count - dropped)
        for entry in contents.entries.dropFirst(dropped) {
            let time = entry.date.map { Int(($0.timeIntervalSince1970 * 1_000).rounded()) } ?? 0
            var kind = "reduced"
            var outcome = "reduced"
            var nanoseconds = 0
            switch entry.content {
            case .action(let action):
                let begin = ContinuousClock.now
                do throws(StoreError) {
                    try reducer(&state, action)
                } catch {
                    kind = "refused"
                    outcome = RecordedOutcome.refused(error).text
                }
                let elapsed = ContinuousClock.now - begin
                nanoseconds = Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000)
            case .noAction:
                kind = "empty"
                outcome = "no action (an emptied place of the log)"
            case .undecodable(let reason):
                kind = "undecodable"
                outcome = "undecodable: \(reason)"
            }
            replayed.append(
                Entry(
                    index: Int(entry.sequence), time: time, action: entry.action, kind: kind, outcome: outcome,
                    nanoseconds: nanoseconds, state: state))
        }
        self.base = base
        entries = replayed
        self.dropped = dropped
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

    private func reflect(_ value: Any?) -> InspectorValue {
        guard let value else { return .null }
        return InspectorValue(reflecting: value, redaction: options.redaction, limits: options.limits)
    }

    private func summary(_ entry: Entry) -> String {
        if let cached = summaries.withLock({ $0[entry.index] }) { return cached }
        let text = entry.action.map { reflect($0).summary } ?? "—"
        summaries.withLock { $0[entry.index] = text }
        return text
    }

    public func status() -> InspectorValue {
        .object([
            .init("store", .string("\(source) (Store<\(State.self), \(Action.self)>)")),
            .init("development", .bool(false)),
            .init("first", .number(String(entries.first?.index ?? Int(snapshotSequence) + 1))),
            .init("next", .number(String((entries.last?.index ?? Int(snapshotSequence)) + 1))),
            .init("dropped", .number(String(dropped))),
            .init("droppedForBytes", .number("0")),
            .init("capacity", .number(String(options.maximumActions))),
            .init("position", .null),
            .init("held", .number("0")),
            .init("skipped", .array([])),
            .init("dispatch", .bool(false)),
            .init("session", .bool(true)),
            .init(
                "journal",
                .object([
                    .init("source", .string(source)), .init("snapshot", .number(String(snapshotSequence))),
                    .init("notes", .array(notes.map { .string($0) })),
                ])),
        ])
    }

    public func rows(matching query: String, from offset: Int, count: Int) -> InspectorValue {
        let needle = query.lowercased()
        let matching =
            needle.isEmpty
            ? entries[...]
            : entries.filter {
                summary($0).lowercased().contains(needle) || $0.outcome.lowercased().contains(needle) || String($0.index) == needle
            }[...]
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
                            .init("a", .string(summary(entry))), .init("k", .string(entry.kind)),
                            .init("o", .string(entry.outcome)), .init("d", .number(String(entry.nanoseconds))),
                            .init("s", .bool(false)),
                        ])
                    })),
        ])
    }

    public func detail(_ index: Int) throws(InspectorError) -> InspectorValue {
        guard let position = position(of: index) else { throw .unknownIndex(index) }
        let entry = entries[position]
        let before = reflect(position == 0 ? base : entries[position - 1].state)
        let after = reflect(entry.state)
        return .object([
            .init("index", .number(String(index))),
            .init("time", .number(String(entry.time))),
            .init("action", entry.action.map { reflect($0) } ?? .string(entry.outcome)),
            .init("outcome", .object([.init("kind", .string(entry.kind)), .init("text", .string(entry.outcome))])),
            .init("recorded", .string(entry.outcome)),
            .init("nanoseconds", .number(String(entry.nanoseconds))),
            .init("skipped", .bool(false)),
            .init("state", after),
            .init("diff", .array(before.diffLines(to: after).map { .string($0) })),
        ])
    }

    public func currentState() -> InspectorValue {
        reflect(entries.last?.state ?? base)
    }

    public func charts() -> InspectorValue {
        .charts(
            seconds: entries.lazy.filter { $0.time > 0 }.map { UInt64($0.time / 1_000) },
            durations: entries.lazy.filter { $0.action != nil }.map { UInt64(max(0, $0.nanoseconds)) })
    }

    /// The replayed history as a session file's text (``InspectedSession``), redacted.
    ///
    /// - Returns: The JSON text.
    /// - Throws: ``InspectorError/tooLarge(_:)`` past ``InspectorOptions/maximumBytes``.
    public func exportSession() throws(InspectorError) -> String {
        var text = "{\"format\":\"\(InspectedSession.format)\",\"version\":1,\"store\":"
        InspectorValue.writeString(status()["store"]?.summary ?? source, into: &text)
        text += ",\"dropped\":\(dropped),\"base\":"
        reflect(base).write(into: &text)
        text += ",\"entries\":["
        for (position, entry) in entries.enumerated() {
            let reached = entry.kind == "reduced" || entry.kind == "refused"
            let value = InspectorValue.object([
                .init("i", .number(String(entry.index))), .init("t", .number(String(entry.time))),
                .init("action", entry.action.map { reflect($0) } ?? .string(entry.outcome)),
                .init("summary", .string(summary(entry))), .init("kind", .string(entry.kind)),
                .init("outcome", .string(entry.outcome)), .init("d", .number(String(entry.nanoseconds))),
                .init("skipped", .bool(false)), .init("state", reached ? reflect(entry.state) : .null),
            ])
            if position > 0 { text += "," }
            value.write(into: &text)
            guard text.utf8.count <= options.maximumBytes else { throw .tooLarge(options.maximumBytes) }
        }
        text += "]}"
        return text
    }

    public func jump(to index: Int) async throws(InspectorError) { throw .readOnly("a replayed journal") }
    public func setSkipped(_ index: Int, _ skipped: Bool) async throws(InspectorError) { throw .readOnly("a replayed journal") }
    public func returnToPresent() async throws(InspectorError) { throw .readOnly("a replayed journal") }
    public func reset() async throws(InspectorError) { throw .readOnly("a replayed journal") }
    public func dispatch(json: String) throws(InspectorError) { throw .readOnly("a replayed journal") }
}
