/// The identity of a screen on a navigation stack (TCA's `StackElementID`): given by
/// ``StackState`` when the screen is pushed, kept while it stays on the stack, never given to
/// another screen of that stack.
///
/// Actions for a screen name it by this id (``StackAction/element(id:action:)``), so an action
/// sent by a screen that has since been popped cannot reach another screen. In tests, an
/// integer literal names an id: a stack made empty gives its first screen `0`, the next `1`, and
/// so on.
///
/// ```swift
/// try store.send(.path(.element(id: 0, action: .detail(.toggleFavorite)))) {
///     $0.path[id: 0] = .detail(Contact(id: 1, name: "Ada", isFavorite: true))
/// }
/// ```
public struct StackElementID: Hashable, Comparable, Sendable, Codable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The position of the push that made this screen in the stack's history, from 0.
    public let generation: Int

    /// The id of the screen made by a stack's push number `generation` (from 0).
    ///
    /// - Parameter generation: The push's number.
    public init(generation: Int) {
        self.generation = generation
    }

    /// The id of the screen made by a stack's push number `value` (from 0): `.element(id: 0, …)`.
    ///
    /// - Parameter value: The push's number.
    public init(integerLiteral value: Int) {
        self.init(generation: value)
    }

    /// Orders ids by generation: a screen pushed later has a greater id.
    ///
    /// - Parameters:
    ///   - lhs: An id.
    ///   - rhs: Another id.
    /// - Returns: Whether `lhs` was given before `rhs`.
    public static func < (lhs: StackElementID, rhs: StackElementID) -> Bool {
        lhs.generation < rhs.generation
    }

    /// `#0`, `#1`…, as test failures print it.
    public var description: String {
        "#\(generation)"
    }

    /// Decodes the id from a single integer.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: The decoder's error when the value is not an integer.
    public init(from decoder: any Decoder) throws {
        generation = try decoder.singleValueContainer().decode(Int.self)
    }

    /// Encodes the id as a single integer.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(generation)
    }
}
