import ReactiveToolkitInspectorCore

/// A request as the router sees it: complete, within the size limit.
struct InspectorRequest: Sendable {
    var method: String
    /// The path, without the query.
    var path: String
    /// The query's parameters (the last value of a repeated name wins).
    var query: [String: String]
    /// The header fields, names lowercased (the last value of a repeated name wins).
    var headers: [String: String]
    var body: [UInt8]

    /// Splits a request target (`/api/rows?from=0&count=50`) into a path and its parameters.
    static func split(target: String) -> (path: String, query: [String: String]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = percentDecoded(String(field[0]))
                query[name] = field.count == 2 ? percentDecoded(String(field[1])) : ""
            }
        }
        return (percentDecoded(String(parts.first ?? "/")), query)
    }

    /// Decodes `%XX` escapes and `+` (as a space); a malformed escape stays as it is.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"), input.count >= 2,
                let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A response the handler writes.
struct InspectorResponse: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var headers: [(String, String)] = []

    /// A JSON answer.
    static func json(_ value: String, status: Int = 200) -> InspectorResponse {
        InspectorResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(value.utf8))
    }

    /// An error answer: `{"error": "…"}`.
    static func error(_ status: Int, _ message: String) -> InspectorResponse {
        .json(InspectorValue.object([.init("error", .string(message))]).jsonText, status: status)
    }
}
