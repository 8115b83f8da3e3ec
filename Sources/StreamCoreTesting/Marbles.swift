public import StreamCore

/// Marble diagrams: signals written as strings, one character per tick, in the notation of
/// RxJS's and RxSwift's marble tests.
///
/// | Character | Meaning |
/// |-----------|---------|
/// | `-`       | one tick passes with no event |
/// | a key of `values` | the element it stands for, then one tick passes |
/// | `\|`      | completion, then one tick passes |
/// | `#`       | failure with the given error, then one tick passes |
/// | `(ab)`    | a group: its events all happen at the tick of `(`; then as many ticks pass as the group has characters, parentheses included, so later columns keep lining up with ticks |
/// | space     | ignored (not a tick), for aligning diagrams |
///
/// ```swift
/// "-a-b--c|"   // a@1, b@3, c@6, completed@7
/// "--(ab)-|"   // a@2, b@2, completed@7
/// "-a-#"       // a@1, failed@3
/// ```
///
/// For `String` and `Character` elements, a character without an entry in `values` stands for
/// itself.
public enum Marbles {
    /// Reads a diagram into timed events, with ticks relative to the diagram's start.
    ///
    /// ```swift
    /// let events: [Recorded<Signal<Int, Never>.Event>] = try Marbles.parse("-a|", values: ["a": 1])
    /// // [next(1)@1, completed@2]
    /// ```
    ///
    /// - Parameters:
    ///   - marbles: The diagram.
    ///   - values: The element each character stands for.
    ///   - error: The error `#` fails with; `nil` makes `#` a syntax error.
    /// - Returns: The events in order, each with its tick.
    /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
    public static func parse<Element, Error: Swift.Error>(
        _ marbles: String,
        values: [Character: Element],
        error: Error? = nil
    ) throws(MarbleSyntaxError) -> [Recorded<Signal<Element, Error>.Event>] {
        var events: [Recorded<Signal<Element, Error>.Event>] = []
        var tick = 0
        var groupStart: (tick: Int, column: Int)?
        var terminated = false
        for (column, character) in marbles.enumerated() {
            let fail = { (reason: MarbleSyntaxError.Reason) in MarbleSyntaxError(reason, in: marbles, at: column) }
            let eventTick = groupStart?.tick ?? tick
            switch character {
            case " ":
                continue
            case "-":
                break
            case "(":
                if groupStart != nil { throw fail(.nestedGroup) }
                groupStart = (tick, column)
            case ")":
                if groupStart == nil { throw fail(.unmatchedGroupEnd) }
                groupStart = nil
            case "|", "#":
                if terminated { throw fail(.eventAfterTerminal) }
                if character == "#" {
                    guard let error else { throw fail(.failureWithoutError) }
                    events.append(Recorded(tick: eventTick, .failed(error)))
                } else {
                    events.append(Recorded(tick: eventTick, .completed))
                }
                terminated = true
            default:
                guard let element = element(for: character, in: values) else { throw fail(.unknownCharacter(character)) }
                if terminated { throw fail(.eventAfterTerminal) }
                events.append(Recorded(tick: eventTick, .next(element)))
            }
            tick += 1
        }
        if let groupStart { throw MarbleSyntaxError(.unclosedGroup, in: marbles, at: groupStart.column) }
        return events
    }

    /// Draws timed events as a diagram, one character per tick from `start`.
    ///
    /// ```swift
    /// Marbles.render(recorder.events, values: ["a": 1])   // "-a--|"
    /// ```
    ///
    /// Events at the same tick are drawn as a group, `(ab)`; a group is wider than one tick, so
    /// events right after it are drawn late (the diagram stays readable, not exact).
    ///
    /// - Parameters:
    ///   - events: The events, in order.
    ///   - start: The tick of the first column; events before it are left out.
    ///   - values: The characters that stand for elements; elements without one print as `?`
    ///     (strings and characters of length one print as themselves).
    /// - Returns: The diagram.
    public static func render<Element: Equatable, Error: Swift.Error>(
        _ events: [Recorded<Signal<Element, Error>.Event>],
        from start: Int = 0,
        values: [Character: Element] = [:]
    ) -> String {
        let keys = values.keys.sorted()
        var output = ""
        var column = start
        var index = events.startIndex
        while index < events.endIndex {
            let tick = events[index].tick
            var group: [Character] = []
            while index < events.endIndex, events[index].tick == tick {
                group.append(symbol(for: events[index].value, keys: keys, values: values))
                index += 1
            }
            guard tick >= start else { continue }
            while column < tick {
                output.append("-")
                column += 1
            }
            if group.count == 1 {
                output.append(group[0])
                column += 1
            } else {
                output += "(" + String(group) + ")"
                column += group.count + 2
            }
        }
        return output
    }

    private static func element<Element>(for character: Character, in values: [Character: Element]) -> Element? {
        if let element = values[character] { return element }
        if let element = String(character) as? Element { return element }
        return character as? Element
    }

    private static func symbol<Element: Equatable, Error: Swift.Error>(
        for event: Signal<Element, Error>.Event,
        keys: [Character],
        values: [Character: Element]
    ) -> Character {
        switch event {
        case .completed: return "|"
        case .failed: return "#"
        case .next(let element):
            if let key = keys.first(where: { values[$0] == element }) { return key }
            if let string = element as? String, string.count == 1, let character = string.first { return character }
            if let character = element as? Character { return character }
            return "?"
        }
    }
}
