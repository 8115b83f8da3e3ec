extension InspectorValue {
    /// The fields of `new` that differ from this value, as `−`/`+` lines named by their path,
    /// in the form `TestStore` and `LoggingMiddleware` print (`− orders[3].status: "submitted"`,
    /// `+ orders[3].status: "paid"`); none if the values are equal.
    ///
    /// ```swift
    /// before.diffLines(to: after)
    /// // − count: 1
    /// // + count: 2
    /// ```
    ///
    /// Objects are compared field by field (by name), arrays by index; anything else is a leaf.
    /// O(size of the values).
    ///
    /// - Parameter new: The value after.
    /// - Returns: The lines, in field order.
    public func diffLines(to new: InspectorValue) -> [String] {
        var output: [String] = []
        Self.compare(self, new, path: "", into: &output)
        return output
    }

    private static func compare(_ old: InspectorValue, _ new: InspectorValue, path: String, into output: inout [String]) {
        switch (old, new) {
        case (.object(let before), .object(let after)):
            let afterByName = Dictionary(after.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            let beforeNames = Set(before.map(\.name))
            for field in before {
                let fieldPath = join(path, field.name)
                if let value = afterByName[field.name] {
                    compare(field.value, value, path: fieldPath, into: &output)
                } else {
                    output.append("− \(fieldPath): \(field.value.leafText)")
                }
            }
            for field in after where !beforeNames.contains(field.name) {
                output.append("+ \(join(path, field.name)): \(field.value.leafText)")
            }
        case (.array(let before), .array(let after)):
            for index in 0..<max(before.count, after.count) {
                let element = "\(path)[\(index)]"
                if index >= after.count {
                    output.append("− \(element): \(before[index].leafText)")
                } else if index >= before.count {
                    output.append("+ \(element): \(after[index].leafText)")
                } else {
                    compare(before[index], after[index], path: element, into: &output)
                }
            }
        default:
            guard old != new else { return }
            let name = path.isEmpty ? "" : "\(path): "
            output.append("− \(name)\(old.leafText)")
            output.append("+ \(name)\(new.leafText)")
        }
    }

    private static func join(_ path: String, _ name: String) -> String {
        // A dictionary key that is not an identifier reads as a subscript, as FieldDiff names it.
        let identifier = name.first.map { $0.isLetter || $0 == "_" || $0 == "." } ?? false
        guard identifier, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            return "\(path)[\(name)]"
        }
        return path.isEmpty ? name : "\(path).\(name)"
    }
}
