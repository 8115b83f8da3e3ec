import Foundation

extension InspectorValue {
    /// How much of a value reflection turns into a tree: deeper levels and further nodes are
    /// replaced by a `"…"` string, so that a huge or cyclic value costs a bounded amount.
    public struct Limits: Sendable, Hashable {
        /// The deepest level described (the root is level 0).
        public var depth: Int
        /// The most nodes described in one value.
        public var nodes: Int

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - depth: The deepest level described.
        ///   - nodes: The most nodes described.
        public init(depth: Int = 48, nodes: Int = 250_000) {
            self.depth = depth
            self.nodes = nodes
        }
    }

    /// The text that stands for what the limits cut off.
    public static let elidedText = "…"

    /// Describes any value as a tree, hiding what `redaction` hides.
    ///
    /// ```swift
    /// let tree = InspectorValue(reflecting: login, redaction: .standard)
    /// // {"user":"ada","password":"‹redacted›"}
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - redaction: What to hide.
    ///   - limits: How much to describe.
    public init(reflecting value: Any, redaction: Redaction = .standard, limits: Limits = Limits()) {
        var budget = limits.nodes
        self = Self.reflect(value, path: "", depth: 0, redaction: redaction, limits: limits, budget: &budget)
    }

    private static func reflect(
        _ value: Any, path: String, depth: Int, redaction: Redaction, limits: Limits, budget: inout Int
    ) -> InspectorValue {
        budget -= 1
        guard budget >= 0, depth <= limits.depth else { return .string(elidedText) }
        if let leaf = leaf(value) { return leaf }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional?:
            guard let wrapped = mirror.children.first?.value else { return .null }
            return reflect(wrapped, path: path, depth: depth, redaction: redaction, limits: limits, budget: &budget)
        case .struct?, .class?, .tuple?:
            let children = Array(mirror.children)
            guard !children.isEmpty else { return .string(String(describing: value)) }
            var fields: [Field] = []
            for (index, child) in children.enumerated() {
                let name = child.label ?? ".\(index)"
                let childPath = path.isEmpty ? name : "\(path).\(name)"
                if redaction.hides(name: name, path: childPath) {
                    fields.append(Field(name, .redacted))
                    continue
                }
                let described = reflect(
                    child.value, path: childPath, depth: depth + 1, redaction: redaction, limits: limits, budget: &budget)
                fields.append(Field(name, described))
            }
            return .object(fields)
        case .collection?:
            var elements: [InspectorValue] = []
            for (index, child) in mirror.children.enumerated() {
                elements.append(
                    reflect(
                        child.value, path: "\(path)[\(index)]", depth: depth + 1, redaction: redaction, limits: limits,
                        budget: &budget))
            }
            return .array(elements)
        case .set?:
            let members = mirror.children.map(\.value).sorted { String(describing: $0) < String(describing: $1) }
            return .array(
                members.enumerated().map { index, member in
                    reflect(member, path: "\(path)[\(index)]", depth: depth + 1, redaction: redaction, limits: limits, budget: &budget)
                })
        case .dictionary?:
            var entries: [(key: String, value: Any)] = []
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { continue }
                entries.append((keyText(pair[0].value), pair[1].value))
            }
            entries.sort { $0.key < $1.key }
            var fields: [Field] = []
            for entry in entries {
                let childPath = "\(path)[\(entry.key)]"
                if redaction.hides(name: entry.key, path: childPath) {
                    fields.append(Field(entry.key, .redacted))
                    continue
                }
                fields.append(
                    Field(
                        entry.key,
                        reflect(entry.value, path: childPath, depth: depth + 1, redaction: redaction, limits: limits, budget: &budget)
                    ))
            }
            return .object(fields)
        case .enum?:
            guard let payload = mirror.children.first else { return .string(String(describing: value)) }
            let name = payload.label ?? String(describing: value)
            let childPath = path.isEmpty ? name : "\(path).\(name)"
            if redaction.hides(name: name, path: childPath) { return .object([Field(name, .redacted)]) }
            return .object([
                Field(name, reflect(payload.value, path: childPath, depth: depth + 1, redaction: redaction, limits: limits, budget: &budget))
            ])
        default:
            return .string(String(describing: value))
        }
    }

    /// Numbers, booleans, strings and the Foundation values that read best as one line.
    private static func leaf(_ value: Any) -> InspectorValue? {
        switch value {
        case let bool as Bool: return .bool(bool)
        case let string as String: return .string(string)
        case let string as Substring: return .string(String(string))
        case let character as Character: return .string(String(character))
        case let integer as any BinaryInteger: return .number(String(describing: integer))
        case let number as Double: return number.isFinite ? .number(String(number)) : .string(String(number))
        case let number as Float: return number.isFinite ? .number(String(number)) : .string(String(number))
        case let date as Date: return .string(date.formatted(.iso8601))
        case let url as URL: return .string(url.absoluteString)
        case let uuid as UUID: return .string(uuid.uuidString)
        case let data as Data: return .string("\(data.count) bytes")
        case let decimal as Decimal: return .number(decimal.description)
        default: return nil
        }
    }

    /// A dictionary key as a field name: strings as they are, anything else described.
    private static func keyText(_ key: Any) -> String {
        if let string = key as? String { return string }
        return String(describing: key)
    }
}
