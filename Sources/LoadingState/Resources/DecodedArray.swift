/// The elements decoded from a JSON array, and how many bad elements were dropped.
///
/// With ``ModelDecoder/Mode/prune`` an empty result tells "the server sent none"
/// (`droppedCount == 0`) from "every element was bad" (`droppedCount > 0`).
///
/// It is deliberately not `Codable` itself (so `createFlow` can tell an array flow from a
/// single-model flow); a default flow stores its ``elements`` as a plain JSON array, which reads
/// back with `droppedCount == 0`.
public struct DecodedArray<Element> {
    /// The decoded elements, in the server's order.
    public var elements: [Element]
    /// How many elements failed to decode and were dropped.
    public var droppedCount: Int

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - elements: The decoded elements.
    ///   - droppedCount: How many elements were dropped.
    public init(_ elements: [Element], droppedCount: Int = 0) {
        self.elements = elements
        self.droppedCount = droppedCount
    }
}

extension DecodedArray: Sendable where Element: Sendable {}
extension DecodedArray: Equatable where Element: Equatable {}
extension DecodedArray: Hashable where Element: Hashable {}
