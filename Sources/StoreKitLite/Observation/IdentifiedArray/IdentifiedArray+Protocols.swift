extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether two collections have equal elements in the same order.
    ///
    /// Two versions of one collection compare only the elements changed between them (as two
    /// arrays sharing their storage are equal without comparing their elements).
    ///
    /// - Parameters:
    ///   - lhs: A collection.
    ///   - rhs: Another collection.
    /// - Returns: Whether they are equal.
    /// - Complexity: O(changes between them) for two versions with the same ids in the same
    ///   order, else O(n).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.values.isIdentical(to: rhs.values) { return true }
        if lhs.structure == rhs.structure, let changed = ElementVersion.changedPositions(from: lhs.values.version, to: rhs.values.version) {
            return changed.allSatisfy { lhs.values.element(at: $0) == rhs.values.element(at: $0) }
        }
        return lhs.elementsEqual(rhs)
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements in order.
    ///
    /// - Parameter hasher: The hasher.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// A collection of the literal's elements, whose ids must be unique.
    ///
    /// ```swift
    /// var items: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
    /// ```
    ///
    /// - Parameter elements: The elements.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(uniqueElements: elements)
    }
}

extension IdentifiedArray: CustomStringConvertible, CustomDebugStringConvertible {
    /// The elements, as an array prints them.
    public var description: String {
        elements.description
    }

    /// The type and the elements.
    public var debugDescription: String {
        "IdentifiedArray(\(elements.debugDescription))"
    }
}

extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as an array.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What encoding an element throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try container.encode(element) }
    }
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Decodes an array of elements whose ids are unique.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` naming the id when two elements have the same
    ///   id, or what decoding the array throws.
    public init(from decoder: any Decoder) throws {
        let elements = try [Element](from: decoder)
        var positions: [ID: Int] = [:]
        positions.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            guard positions.updateValue(position, forKey: element.id) == nil else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "IdentifiedArray: the id \(element.id) appears more than once"))
            }
        }
        self.init(values: VersionedElements(ContiguousArray(elements)), positions: positions)
    }
}
