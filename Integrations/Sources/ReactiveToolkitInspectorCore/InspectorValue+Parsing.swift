extension InspectorValue {
    /// Why JSON text could not be read: what was wrong, and at which byte.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The byte offset where it was found.
        public var offset: Int

        /// A readable description (`malformed JSON at byte 12: expected a value`).
        public var description: String { "malformed JSON at byte \(offset): \(message)" }
    }

    /// Parses JSON text (RFC 8259) into a tree, keeping the order of object fields.
    ///
    /// ```swift
    /// let tree = try InspectorValue(json: #"{"type":"submit","quantity":2}"#)
    /// ```
    ///
    /// Untrusted input is safe: nesting deeper than `limits.depth` or more than `limits.nodes`
    /// values is refused with a ``ParseError``, never a crash.
    ///
    /// - Parameters:
    ///   - json: The text.
    ///   - limits: The deepest nesting and the most values accepted.
    /// - Throws: ``ParseError`` for malformed or over-limit text.
    public init(json: String, limits: Limits = Limits()) throws(ParseError) {
        var parser = JSONParser(bytes: Array(json.utf8), limits: limits)
        self = try parser.document()
    }
}

/// A recursive-descent JSON reader over UTF-8 bytes, bounded in depth and size.
struct JSONParser {
    let bytes: [UInt8]
    let limits: InspectorValue.Limits
    var index = 0
    var nodes = 0

    init(bytes: [UInt8], limits: InspectorValue.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func document() throws(InspectorValue.ParseError) -> InspectorValue {
        let value = try parseValue(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw fail("unexpected text after the value") }
        return value
    }

    private func fail(_ message: String) -> InspectorValue.ParseError {
        InspectorValue.ParseError(message: message, offset: index)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(InspectorValue.ParseError) -> InspectorValue {
        skipSpace()
        nodes += 1
        guard depth <= limits.depth else { throw fail("nested deeper than \(limits.depth) levels") }
        guard nodes <= limits.nodes else { throw fail("more than \(limits.nodes) values") }
        guard index < bytes.count else { throw fail("expected a value, found the end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("expected a value")
        }
    }

    private mutating func literal(_ word: String, _ value: InspectorValue) throws(InspectorValue.ParseError) -> InspectorValue {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fail("expected \(word)")
        }
        index += expected.count
        return value
    }

    private mutating func parseObject(depth: Int) throws(InspectorValue.ParseError) -> InspectorValue {
        index += 1
        var fields: [InspectorValue.Field] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a field name") }
            let name = try parseString()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            fields.append(InspectorValue.Field(name, try parseValue(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw fail("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
            index += 1
            return .object(fields)
        }
    }

    private mutating func parseArray(depth: Int) throws(InspectorValue.ParseError) -> InspectorValue {
        index += 1
        var elements: [InspectorValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw fail("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func parseNumber() throws(InspectorValue.ParseError) -> InspectorValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = { (parser: inout JSONParser) -> Int in
            let from = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - from
        }
        guard digits(&self) > 0 else { throw fail("expected digits") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw fail("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw fail("expected an exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func parseString() throws(InspectorValue.ParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ parser: JSONParser, upTo end: Int, into scalars: inout String.UnicodeScalarView) {
            scalars.append(contentsOf: String(decoding: parser.bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(self, upTo: index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                flush(self, upTo: index, into: &scalars)
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                    scalars.append(scalar)
                default: throw fail("invalid escape")
                }
                run = index
                continue
            }
            index += 1
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(InspectorValue.ParseError) -> UInt32 {
        guard bytes.count - index >= 4, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw fail("invalid \\u escape") }
        index += 4
        return code
    }
}
