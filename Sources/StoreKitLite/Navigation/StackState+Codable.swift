extension StackState: Codable where Element: Codable {
    private enum CodingKeys: String, CodingKey {
        case ids
        case elements
        case nextID
    }

    /// Decodes a stack encoded by ``encode(to:)``, with its ids and its next id, so that a
    /// store restored from a snapshot gives the screens their ids again and the next push a new
    /// one.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the ids and the elements differ in number,
    ///   an id appears twice, or an id is not below the next id; the decoder's error otherwise.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let ids = try container.decode([StackElementID].self, forKey: .ids)
        let elements = try container.decode([Element].self, forKey: .elements)
        let next = try container.decode(StackElementID.self, forKey: .nextID)
        func corrupted(_ reason: String) -> DecodingError {
            .dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "StackState: \(reason)"))
        }
        guard ids.count == elements.count else {
            throw corrupted("\(ids.count) ids for \(elements.count) elements")
        }
        guard Set(ids).count == ids.count else { throw corrupted("an id appears twice in \(ids)") }
        if let largest = ids.max(), largest >= next {
            throw corrupted("the id \(largest) is not below the next id \(next)")
        }
        guard next.generation >= 0, ids.allSatisfy({ $0.generation >= 0 }) else {
            throw corrupted("a negative id")
        }
        self.init()
        screenIDs = ids
        self.elements = elements
        nextGeneration = next.generation
    }

    /// Encodes the ids, the elements and the next id (`{"ids": [0, 2], "elements": […],
    /// "nextID": 3}`).
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's error, or an element's.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ids, forKey: .ids)
        try container.encode(elements, forKey: .elements)
        try container.encode(nextID, forKey: .nextID)
    }
}
