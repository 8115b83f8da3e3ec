/// How much an inspector keeps and what it hides.
///
/// ```swift
/// let options = InspectorOptions(maximumActions: 50_000, maximumRecordedBytes: 128 << 20, redaction: .fields(["password"]))
/// ```
///
/// The history is bounded twice: at most ``maximumActions`` actions, and at most
/// ``maximumRecordedBytes`` bytes as the inspector counts them; the oldest actions are dropped
/// to respect both, and the page says how many and for which bound. What is counted per
/// recorded action: the record's slot, `MemoryLayout` stride of a record (the action and the
/// state after it stored inline, two times, the reducer's duration, the outcome); and, when the
/// inspector was created with a `measure` function, what it returns for the action and the
/// state (the heap memory they hold that the slot does not show: an array's elements, a
/// string's bytes). Without a measure, heap memory is not counted: the byte bound then only
/// limits the slots (a state stored inline of 10 KiB, 64 MiB: 6,553 actions).
public struct InspectorOptions: Sendable {
    /// The most actions kept: beyond it the oldest are dropped (the page says how many).
    public var maximumActions: Int
    /// The most bytes the kept actions may take, as counted (see above): beyond it the oldest
    /// are dropped (the page says how many).
    public var maximumRecordedBytes: Int
    /// The most effects the effects timeline keeps (and the most actions sent back by no known
    /// effect): beyond it the oldest are dropped (the page says how many).
    public var maximumEffects: Int
    /// The most bytes of encoded text the inspector produces or accepts at once: an exported or
    /// imported session, one answer to the browser, a dispatched action. States are kept as the
    /// values the store shares (copy-on-write), never encoded until a browser asks for them.
    public var maximumBytes: Int
    /// What is hidden before anything leaves the process.
    public var redaction: Redaction
    /// How much of one value is described.
    public var limits: InspectorValue.Limits

    /// Creates options.
    ///
    /// - Parameters:
    ///   - maximumActions: The most actions kept (at least 1); 10,000 by default.
    ///   - maximumRecordedBytes: The most bytes the kept actions take, as counted (at least one
    ///     record); 256 MiB by default.
    ///   - maximumEffects: The most effects the timeline keeps (at least 1); 10,000 by default.
    ///   - maximumBytes: The most bytes encoded at once (at least 1 KiB); 64 MiB by default.
    ///   - redaction: What is hidden; ``Redaction/standard`` by default.
    ///   - limits: How much of one value is described.
    public init(
        maximumActions: Int = 10_000,
        maximumRecordedBytes: Int = 256 << 20,
        maximumEffects: Int = 10_000,
        maximumBytes: Int = 64 << 20,
        redaction: Redaction = .standard,
        limits: InspectorValue.Limits = InspectorValue.Limits()
    ) {
        self.maximumActions = max(1, maximumActions)
        self.maximumRecordedBytes = max(1, maximumRecordedBytes)
        self.maximumEffects = max(1, maximumEffects)
        self.maximumBytes = max(1_024, maximumBytes)
        self.redaction = redaction
        self.limits = limits
    }
}
