/// Reads a dependency from the ``DependencyValues`` in force (TCA's `@Dependency`).
///
/// ```swift
/// let reducer = Reducer<[Todo], TodoAction>(mutating: { todos, action in
///     @Dependency(\.uuid) var uuid
///     if case .add(let title) = action { todos.append(Todo(id: uuid(), title: title)) }
/// })
///
/// final class Checkout: Sendable {
///     @Dependency(\.continuousClock) var clock      // the values in force when it was created…
///     func pay() async throws {
///         try await clock.sleep(for: .seconds(1))   // …with what the caller overrides since
///     }
/// }
/// ```
///
/// The property remembers the values in force where it was created; each read gives those
/// values with what the scope in force at the read has set since, on top (as TCA's). Inside a
/// store's reducer or effect, that is the values the action was sent with. No macro: the
/// property is declared with a key path of ``DependencyValues``, or a key type.
///
/// A key with no test value read in a test context names the property, the key and this
/// declaration's line in its ``DependencyIssue``.
@propertyWrapper
public struct Dependency<Value>: Sendable {
    private let initial: DependencyScope?
    private let keyPath: any KeyPath<DependencyValues, Value> & Sendable
    private let site: DependencyIssue.Location

    /// Reads the dependency at a key path of ``DependencyValues``.
    ///
    /// ```swift
    /// @Dependency(\.date.now) var now
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property of ``DependencyValues`` (or a path through it).
    ///   - fileID: The declaration's file, for issues (the caller's).
    ///   - filePath: The declaration's file path (the caller's).
    ///   - line: The declaration's line (the caller's).
    ///   - column: The declaration's column (the caller's).
    public init(
        _ keyPath: any KeyPath<DependencyValues, Value> & Sendable,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        initial = DependencyScope.captured
        self.keyPath = keyPath
        site = DependencyIssue.Location(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// Reads the dependency of a key type (a client type that is its own key).
    ///
    /// ```swift
    /// @Dependency(APIClient.self) var api
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - fileID: The declaration's file, for issues (the caller's).
    ///   - filePath: The declaration's file path (the caller's).
    ///   - line: The declaration's line (the caller's).
    ///   - column: The declaration's column (the caller's).
    public init<Key: TestDependencyKey>(
        _ key: Key.Type,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where Key.Value == Value {
        initial = DependencyScope.captured
        keyPath = \DependencyValues.[type: KeyType<Key>()]
        site = DependencyIssue.Location(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// The dependency: read at each access, from the values this property was created with and
    /// what the scope in force has set since.
    public var wrappedValue: Value {
        var values = DependencyScope.resolve(base: initial, sender: DependencyScope.captured)?.currentValues ?? .root
        values.readSite = site
        return values[keyPath: keyPath]
    }
}

/// A key type as a hashable value, so that a dependency read by its key type is a key path too.
struct KeyType<Key: TestDependencyKey>: Hashable, Sendable {
    static func == (_: Self, _: Self) -> Bool { true }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(Key.self))
    }
}

extension DependencyValues {
    /// The dependency of a key read by its type (an issue then names the key type).
    subscript<Key: TestDependencyKey>(type _: KeyType<Key>) -> Key.Value {
        self[Key.self, function: ""]
    }
}
