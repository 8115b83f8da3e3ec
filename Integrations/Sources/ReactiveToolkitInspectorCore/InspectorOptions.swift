/// How much an inspector keeps and what it hides.
///
/// ```swift
/// let options = InspectorOptions(maximumActions: 50_000, redaction: .fields(["password"]))
/// ```
public struct InspectorOptions: Sendable {
    /// The most actions kept: beyond it the oldest are dropped (the page says how many).
    public var maximumActions: Int
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
    ///   - maximumBytes: The most bytes encoded at once (at least 1 KiB); 64 MiB by default.
    ///   - redaction: What is hidden; ``Redaction/standard`` by default.
    ///   - limits: How much of one value is described.
    public init(
        maximumActions: Int = 10_000,
        maximumBytes: Int = 64 << 20,
        redaction: Redaction = .standard,
        limits: InspectorValue.Limits = InspectorValue.Limits()
    ) {
        self.maximumActions = max(1, maximumActions)
        self.maximumBytes = max(1_024, maximumBytes)
        self.redaction = redaction
        self.limits = limits
    }
}
