/// A dependency read that could not give the value its context asks for.
///
/// In StoreKitLiteTesting's `TestStore` and FeedbackLoopTesting's `TestLoop`, an issue is a
/// recorded test failure; elsewhere it goes to ``DependencyDiagnostics/report``.
///
/// ```swift
/// DependencyDiagnostics.report = { issue in logger.error("\(issue)") }
/// // @Dependency(\.uuid) (key UUIDGeneratorKey) has no test value, but was read in a test context …
/// ```
public struct DependencyIssue: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// A key without a ``TestDependencyKey/testValue`` was read in a test context; the read
        /// gave the key's ``TestDependencyKey/previewValue`` (its live value, unless it has a
        /// preview value).
        case noTestValue
        /// A key without a ``DependencyKey`` conformance (no live value) was read in a live
        /// context; the read gave its test value.
        case noLiveValue
        /// `SWIFT_DEPENDENCIES_CONTEXT` names no context (`live`, `preview` or `test`); ``key``
        /// holds the value, which is ignored.
        case unknownContextName
    }

    /// Where a dependency was read: a `@Dependency` property's declaration.
    public struct Location: Equatable, Sendable {
        /// The file, as `#fileID` gives it (`MyModule/Feature.swift`).
        public var fileID: String
        /// The file's path, as `#filePath` gives it.
        public var filePath: String
        /// The line.
        public var line: Int
        /// The column.
        public var column: Int

        /// Creates a location.
        ///
        /// - Parameters:
        ///   - fileID: The file, as `#fileID` gives it.
        ///   - filePath: The file's path.
        ///   - line: The line.
        ///   - column: The column.
        public init(fileID: String, filePath: String, line: Int, column: Int) {
            self.fileID = fileID
            self.filePath = filePath
            self.line = line
            self.column = column
        }
    }

    /// What went wrong.
    public let kind: Kind
    /// The key's type name (`UUIDGeneratorKey`).
    public let key: String
    /// The ``DependencyValues`` property the value was read through (`uuid`), when it was read
    /// through one.
    public let name: String?
    /// Where the `@Dependency` property that read it is declared, when it was read through one.
    public let location: Location?

    /// Creates an issue.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - key: The key's type name.
    ///   - name: The ``DependencyValues`` property read, if any.
    ///   - location: Where the reading `@Dependency` property is declared, if known.
    public init(kind: Kind, key: String, name: String?, location: Location?) {
        self.kind = kind
        self.key = key
        self.name = name
        self.location = location
    }

    /// How the dependency is spelled in a `@Dependency` property: `@Dependency(\.uuid)`, or
    /// `@Dependency(APIClient.self)` for a key read by its type.
    public var spelling: String {
        name.map { "@Dependency(\\.\($0))" } ?? "@Dependency(\(key).self)"
    }

    /// A readable explanation, with the fix.
    public var description: String {
        let place = location.map { " at \($0.fileID):\($0.line)" } ?? ""
        let keyNote = name == nil ? "" : " (key \(key))"
        switch kind {
        case .noTestValue:
            return "\(spelling)\(keyNote) has no test value, but was read in a test context\(place). "
                + "Override it in the test (withDependencies { $0.\(name ?? "[\(key).self]") = … }, or the "
                + "test store's withDependencies:), or give \(key) a testValue."
        case .noLiveValue:
            return "\(spelling)\(keyNote) has no live value, but was read in a live context\(place); its test value "
                + "was used. Conform \(key) to DependencyKey with a liveValue, or override it with withDependencies."
        case .unknownContextName:
            return "SWIFT_DEPENDENCIES_CONTEXT=\(key) names no dependency context (live, preview or test); "
                + "it is ignored."
        }
    }
}
