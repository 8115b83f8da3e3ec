/// A value as the inspector shows it: a JSON-like tree with ordered fields, made from any Swift
/// value by reflection (``init(reflecting:redaction:limits:)``) or parsed from JSON
/// (``init(json:limits:)``).
///
/// ```swift
/// let tree = InspectorValue(reflecting: Order(id: 1, product: "tea"))
/// tree.jsonText   // {"id":1,"product":"tea"}
/// ```
///
/// Structs, classes and tuples become objects (fields in declaration order), arrays and sets
/// arrays, dictionaries objects keyed by the key's description, an enum case an object with one
/// field named after the case (or a string for a case without a payload), optionals their value
/// or `null`, numbers and booleans themselves, anything else a string with its description.
public enum InspectorValue: Sendable, Hashable {
    /// No value (`nil`).
    case null
    /// A boolean.
    case bool(Bool)
    /// A number, as its JSON text (so that no precision is lost).
    case number(String)
    /// A string.
    case string(String)
    /// An ordered list.
    case array([InspectorValue])
    /// Named fields, in order.
    case object([Field])
    /// A field the redaction hook hid: its value never left the process.
    case redacted

    /// A named field of an ``object(_:)``.
    public struct Field: Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// The field's value.
        public var value: InspectorValue

        /// Creates a field.
        ///
        /// - Parameters:
        ///   - name: The name.
        ///   - value: The value.
        public init(_ name: String, _ value: InspectorValue) {
            self.name = name
            self.value = value
        }
    }

    /// The text shown for a redacted value.
    public static let redactedText = "‹redacted›"

    /// The value as compact JSON text (a redacted value is the string `"‹redacted›"`).
    public var jsonText: String {
        var output = ""
        write(into: &output)
        return output
    }

    /// Appends the JSON text to `output`.
    func write(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, into: &output)
        case .redacted: Self.writeString(Self.redactedText, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(into: &output)
            }
            output += "]"
        case .object(let fields):
            output += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(field.name, into: &output)
                output += ":"
                field.value.write(into: &output)
            }
            output += "}"
        }
    }

    /// Appends `text` as a JSON string literal.
    static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    /// The text of a leaf as a diff line shows it: strings quoted, the rest as JSON.
    var leafText: String {
        jsonText
    }
}
