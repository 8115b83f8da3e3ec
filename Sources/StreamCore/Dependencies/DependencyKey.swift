/// A key for a dependency that has a test value (and, by default, the same value in previews),
/// but no live value: TCA's `TestDependencyKey`.
///
/// Declare it where the dependency's interface lives, and conform to ``DependencyKey`` with the
/// live value in the module that implements it, so that the interface module never links the
/// live implementation.
///
/// ```swift
/// struct APIClient: Sendable {
///     var fetchUser: @Sendable (Int) async throws -> String
/// }
///
/// extension APIClient: TestDependencyKey {
///     static let testValue = APIClient(fetchUser: { _ in "Blob" })
/// }
///
/// extension DependencyValues {
///     var apiClient: APIClient {
///         get { self[APIClient.self] }
///         set { self[APIClient.self] = newValue }
///     }
/// }
/// ```
///
/// Read in a live context without a ``DependencyKey`` conformance, the key reports
/// ``DependencyIssue/Kind-swift.enum/noLiveValue`` and gives its test value.
public protocol TestDependencyKey<Value> {
    /// The dependency's type; the key itself by default (a client type that is its own key).
    associatedtype Value: Sendable = Self

    /// The value read in a test context: by the test harnesses (StoreKitLiteTesting's
    /// `TestStore`, FeedbackLoopTesting's `TestLoop`), in a test process, or under
    /// `withDependencies { $0.context = .test }`.
    static var testValue: Value { get }

    /// The value read in a preview context (`SWIFT_DEPENDENCIES_CONTEXT=preview`, an Xcode
    /// preview, or `withDependencies { $0.context = .preview }`); ``testValue`` by default.
    static var previewValue: Value { get }
}

/// A key for a dependency with a live value: what ``DependencyValues`` gives when nothing
/// overrides it (TCA's `DependencyKey`).
///
/// ```swift
/// private enum RequestIDKey: DependencyKey {
///     static let liveValue = "none"
///     static let testValue = "test-request"
/// }
///
/// extension DependencyValues {
///     /// The request being served (set per request with `withDependencies`).
///     var requestID: String {
///         get { self[RequestIDKey.self] }
///         set { self[RequestIDKey.self] = newValue }
///     }
/// }
/// ```
///
/// A key that implements only ``liveValue`` has no test value: read in a test context, it
/// reports ``DependencyIssue/Kind-swift.enum/noTestValue`` naming it (a recorded failure in a
/// `TestStore` or `TestLoop`) and gives its ``previewValue``, so that the test goes on. Give it
/// a ``testValue``, or override it in the test with `withDependencies`.
///
/// Each default value is computed once per cache (the process's for live and preview values,
/// each test harness's own for test values) and kept, never while a lock is held.
public protocol DependencyKey<Value>: TestDependencyKey {
    // The associated type and the requirements are repeated from `TestDependencyKey` so that a
    // conformance infers `Value` from `liveValue` alone (swiftlang/swift#61077).
    /// The dependency's type; the key itself by default.
    associatedtype Value = Self

    /// The value read in a live context: an app or a service, outside tests and previews.
    static var liveValue: Value { get }

    /// The value read in a preview context; ``liveValue`` by default.
    static var previewValue: Value { get }

    /// The value read in a test context; by default none: the read is reported as
    /// ``DependencyIssue/Kind-swift.enum/noTestValue`` and ``previewValue`` is given.
    static var testValue: Value { get }
}

extension TestDependencyKey {
    /// The test value, in previews too (the default).
    public static var previewValue: Value { testValue }
}

extension DependencyKey {
    /// The live value, in previews too (the default).
    public static var previewValue: Value { liveValue }

    /// No test value (the default): marks the read as unimplemented for the reader that asked
    /// (which reports it naming the key) and gives ``previewValue``.
    public static var testValue: Value {
        UnimplementedProbe.current?.mark()
        return previewValue
    }
}
