/// A value stamped with the virtual tick at which it happened: one entry of a
/// ``TestRecorder``'s history or of a parsed marble diagram.
///
/// ```swift
/// recorder.events == [
///     Recorded(tick: 1, .next("a")),
///     Recorded(tick: 4, .completed),
/// ]
/// ```
public struct Recorded<Value> {
    /// The tick at which the value happened, on the ``TestScheduler``'s clock (for recorders)
    /// or relative to the start of the diagram (for parsed marbles).
    public var tick: Int
    /// What happened: for signals, a `Signal.Event`.
    public var value: Value

    /// Stamps `value` with `tick`.
    ///
    /// - Parameters:
    ///   - tick: The virtual tick.
    ///   - value: What happened then.
    public init(tick: Int, _ value: Value) {
        self.tick = tick
        self.value = value
    }
}

extension Recorded: Sendable where Value: Sendable {}
extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Hashable where Value: Hashable {}

extension Recorded: CustomStringConvertible {
    /// The value and its tick, for example `next("a")@3`.
    public var description: String {
        "\(value)@\(tick)"
    }
}
