public import Foundation

/// Decodes models from JSON, with a strict or a pruning policy for arrays.
///
/// ```swift
/// let decoder = ModelDecoder(mode: .prune)
/// let users = try decoder.decodeArray(User.self, from: data)
/// print(users.elements.count, "decoded,", users.droppedCount, "dropped")
/// ```
public struct ModelDecoder: Sendable {
    /// What to do with array elements that do not decode.
    public enum Mode: Sendable, Hashable {
        /// One bad element fails the whole decode, with an error naming the element (`[3].name`).
        case strict
        /// Bad elements are dropped and counted in ``DecodedArray/droppedCount``.
        case prune
    }

    /// The array policy.
    public var mode: Mode
    private let makeDecoder: @Sendable () -> JSONDecoder

    /// Creates a decoder.
    ///
    /// - Parameters:
    ///   - mode: The array policy; `.strict` by default.
    ///   - makeDecoder: Makes the `JSONDecoder` to use (for date or key strategies).
    public init(mode: Mode = .strict, makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }) {
        self.mode = mode
        self.makeDecoder = makeDecoder
    }

    /// Decodes one model.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - data: JSON.
    /// - Returns: The model.
    /// - Throws: ``FlowError/decoding(path:message:)`` naming where decoding failed.
    public func decode<Model: Decodable>(_ type: Model.Type, from data: Data) throws(FlowError) -> Model {
        do {
            return try makeDecoder().decode(Model.self, from: data)
        } catch {
            throw Self.flowError(error)
        }
    }

    /// Decodes a JSON array of models under the decoder's ``mode``.
    ///
    /// - Parameters:
    ///   - type: The element type.
    ///   - data: A JSON array.
    /// - Returns: The elements and, when pruning, the number dropped.
    /// - Throws: ``FlowError/decoding(path:message:)`` when the body is not an array, or (strict)
    ///   when an element is bad.
    public func decodeArray<Element: Decodable>(
        _ type: Element.Type, from data: Data
    ) throws(FlowError) -> DecodedArray<Element> {
        switch mode {
        case .strict:
            return DecodedArray(try decode([Element].self, from: data))
        case .prune:
            let attempts = try decode([PrunableElement<Element>].self, from: data)
            let elements = attempts.compactMap(\.value)
            return DecodedArray(elements, droppedCount: attempts.count - elements.count)
        }
    }

    /// Converts a decoding error into a ``FlowError`` naming the failing path.
    static func flowError(_ error: any Swift.Error) -> FlowError {
        guard let error = error as? DecodingError else {
            return .decoding(path: "", message: "\(error)")
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return .decoding(path: describe(context.codingPath), message: context.debugDescription)
        case .keyNotFound(let key, let context):
            return .decoding(path: describe(context.codingPath + [key]), message: context.debugDescription)
        @unknown default:
            return .decoding(path: "", message: "\(error)")
        }
    }

    /// Formats a coding path as `[3].author.name`.
    static func describe(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}

/// One array element that may fail to decode without failing the array.
struct PrunableElement<Element: Decodable>: Decodable {
    let value: Element?

    init(from decoder: any Decoder) throws {
        value = try? Element(from: decoder)
    }
}
