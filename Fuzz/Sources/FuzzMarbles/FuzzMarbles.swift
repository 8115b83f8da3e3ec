import FuzzSupport
import StreamCore
import StreamCoreTesting

struct FuzzError: Error, Equatable {}

typealias Event = Signal<Int, FuzzError>.Event

/// Any input, read as a (lossy UTF-8) diagram: parsing either throws a `MarbleSyntaxError` or
/// returns well-formed events (ticks never decrease, at most one terminal event and it is last);
/// a diagram without groups survives `render` and a second `parse` unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarbles(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let diagram = String(decoding: bytes, as: UTF8.self)
    let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "x": 24]
    let events: [Recorded<Event>]
    do {
        events = try Marbles.parse(diagram, values: values, error: FuzzError())
    } catch {
        check(!error.description.isEmpty, "a syntax error describes itself")
        return 0
    }
    for (previous, next) in zip(events, events.dropFirst()) {
        check(previous.tick <= next.tick, "ticks never decrease in \(diagram.debugDescription)")
    }
    let terminals = events.indices.filter { events[$0].value.isTerminal }
    check(terminals.count <= 1, "at most one terminal event in \(diagram.debugDescription)")
    if let terminal = terminals.first { check(terminal == events.count - 1, "the terminal event is last") }
    if let last = events.last { check(last.tick < max(1, diagram.count), "no event after the diagram's end") }
    if !diagram.contains("(") {
        let drawn = Marbles.render(events, values: values)
        do {
            let again: [Recorded<Event>] = try Marbles.parse(drawn, values: values, error: FuzzError())
            check(
                again.map(\.tick) == events.map(\.tick) && again.map(\.value) == events.map(\.value),
                "render then parse changes \(diagram.debugDescription) (drawn \(drawn.debugDescription))")
        } catch {
            check(false, "render of \(diagram.debugDescription) does not parse: \(drawn.debugDescription), \(error)")
        }
    }
    return 0
}
