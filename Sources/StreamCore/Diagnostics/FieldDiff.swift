/// A field-by-field difference of two values, for logs and test failures: only the fields that
/// changed, each as a `−` line (before) and a `+` line (after), named by its path.
///
/// ```
/// − tasks[1].isDone: false
/// + tasks[1].isDone: true
/// + tasks[2]: Task(title: "Write docs", isDone: false)
/// ```
///
/// Structs, classes and tuples are compared field by field, arrays by index, dictionaries by key,
/// enums by case (then payload) and optionals by their value; anything else (numbers, strings,
/// sets, values with no fields) is a leaf compared by its description. O(size of the values).
package enum FieldDiff {
    /// The `−`/`+` lines for the fields of `new` that differ from `old` (none if equal).
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    ///   - root: The name of the whole value in the paths (empty: fields start the path).
    /// - Returns: The lines, in field order.
    package static func lines(from old: Any, to new: Any, root: String = "") -> [String] {
        var output: [String] = []
        compare(old, new, path: root, into: &output)
        return output
    }

    private static func compare(_ old: Any, _ new: Any, path: String, into output: inout [String]) {
        let oldMirror = Mirror(reflecting: old)
        let newMirror = Mirror(reflecting: new)
        let style = oldMirror.displayStyle
        guard style == newMirror.displayStyle, type(of: old) == type(of: new) else {
            leaf(old, new, path: path, into: &output)
            return
        }
        switch style {
        case .struct?, .class?, .tuple?:
            let oldFields = Array(oldMirror.children)
            let newFields = Array(newMirror.children)
            guard !oldFields.isEmpty, oldFields.count == newFields.count else {
                leaf(old, new, path: path, into: &output)
                return
            }
            for (index, (before, after)) in zip(oldFields, newFields).enumerated() {
                let name = before.label ?? ".\(index)"
                compare(before.value, after.value, path: join(path, name), into: &output)
            }
        case .collection?:
            let before = oldMirror.children.map(\.value)
            let after = newMirror.children.map(\.value)
            for index in 0..<max(before.count, after.count) {
                let element = "\(path)[\(index)]"
                if index >= after.count {
                    output.append("− \(element): \(describe(before[index]))")
                } else if index >= before.count {
                    output.append("+ \(element): \(describe(after[index]))")
                } else {
                    compare(before[index], after[index], path: element, into: &output)
                }
            }
        case .dictionary?:
            let before = entries(oldMirror)
            let after = entries(newMirror)
            for key in Set(before.keys).union(after.keys).sorted() {
                let element = "\(path)[\(key)]"
                switch (before[key], after[key]) {
                case (let removed?, nil): output.append("− \(element): \(describe(removed))")
                case (nil, let added?): output.append("+ \(element): \(describe(added))")
                case (let removed?, let added?): compare(removed, added, path: element, into: &output)
                case (nil, nil): break
                }
            }
        case .optional?:
            switch (oldMirror.children.first?.value, newMirror.children.first?.value) {
            case (let before?, let after?): compare(before, after, path: path, into: &output)
            case (nil, nil): break
            default: leaf(old, new, path: path, into: &output)
            }
        case .enum?:
            let oldCase = oldMirror.children.first
            let newCase = newMirror.children.first
            if let oldCase, let newCase, oldCase.label == newCase.label {
                compare(oldCase.value, newCase.value, path: path, into: &output)
            } else {
                leaf(old, new, path: path, into: &output)
            }
        default:
            leaf(old, new, path: path, into: &output)
        }
    }

    private static func leaf(_ old: Any, _ new: Any, path: String, into output: inout [String]) {
        let before = describe(old)
        let after = describe(new)
        guard before != after else { return }
        let name = path.isEmpty ? "" : "\(path): "
        output.append("− \(name)\(before)")
        output.append("+ \(name)\(after)")
    }

    private static func entries(_ mirror: Mirror) -> [String: Any] {
        var entries: [String: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            entries[describe(pair[0].value)] = pair[1].value
        }
        return entries
    }

    private static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : "\(path).\(name)"
    }

    /// A value as a Swift literal would read: strings quoted, everything else described.
    package static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return describe(wrapped)
        }
        if let string = value as? String { return String(reflecting: string) }
        return String(describing: value)
    }
}
