/// Which fields the inspector hides before anything leaves the process (Redux DevTools'
/// `actionSanitizer` and `stateSanitizer`): their values are never described, encoded or sent.
///
/// ```swift
/// let inspector = StoreInspector<AppState, AppAction>(
///     options: InspectorOptions(redaction: .fields(["password", "cardNumber"]))
/// )
/// let custom = Redaction { path in path.hasPrefix("session.") }   // everything under session
/// ```
///
/// A field is redacted when its name (the last component of its path) is one of ``names``
/// (compared case-insensitively), or when ``isRedacted`` returns `true` for its path
/// (`orders[3].card.number`, as the diff lines name it).
public struct Redaction: Sendable {
    /// Field names whose values are hidden wherever they appear, lowercased.
    public var names: Set<String>
    /// A hook: whether the value at this path is hidden.
    public var isRedacted: @Sendable (_ path: String) -> Bool

    /// Creates a redaction from field names and a hook.
    ///
    /// - Parameters:
    ///   - names: Field names to hide wherever they appear (case-insensitive).
    ///   - isRedacted: Whether the value at a path is hidden; none by default.
    public init(names: Set<String> = [], _ isRedacted: @escaping @Sendable (_ path: String) -> Bool = { _ in false }) {
        self.names = Set(names.map { $0.lowercased() })
        self.isRedacted = isRedacted
    }

    /// Hides the fields with these names wherever they appear.
    ///
    /// - Parameter names: The field names (case-insensitive).
    /// - Returns: The redaction.
    public static func fields(_ names: Set<String>) -> Redaction {
        Redaction(names: names)
    }

    /// The default: fields named `password`, `passphrase`, `secret`, `token`, `accessToken`,
    /// `refreshToken`, `apiKey` and `authorization` are hidden.
    public static let standard = Redaction(names: [
        "password", "passphrase", "secret", "token", "accessToken", "refreshToken", "apiKey", "authorization",
    ])

    /// Nothing is hidden.
    public static let none = Redaction()

    /// Whether the field `name` at `path` is hidden.
    func hides(name: String, path: String) -> Bool {
        (!names.isEmpty && names.contains(name.lowercased())) || isRedacted(path)
    }
}
