public import Foundation

/// Gives the current date: the ``DependencyValues/date`` dependency (TCA's `DateGenerator`).
///
/// ```swift
/// @Dependency(\.date) var date
/// let created = date.now                // Date() live; a fixed date with .constant
/// ```
public struct DateGenerator: Sendable {
    private var generate: @Sendable () -> Date

    /// Creates a generator from a function.
    ///
    /// ```swift
    /// let later = DateGenerator { Date().addingTimeInterval(3600) }
    /// ```
    ///
    /// - Parameter generate: Gives each date (called on the reading thread).
    public init(_ generate: @escaping @Sendable () -> Date) {
        self.generate = generate
    }

    /// A generator that always gives `now`.
    ///
    /// ```swift
    /// withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) } operation: { … }
    /// ```
    ///
    /// - Parameter now: The date.
    /// - Returns: The generator.
    public static func constant(_ now: Date) -> Self {
        Self { now }
    }

    /// The current date; setting it makes the generator give that date from then on.
    ///
    /// ```swift
    /// withDependencies { $0.date.now = Date(timeIntervalSince1970: 0) } operation: { … }
    /// ```
    public var now: Date {
        get { generate() }
        set { generate = { newValue } }
    }

    /// The current date.
    ///
    /// - Returns: The date.
    public func callAsFunction() -> Date {
        generate()
    }
}

extension DependencyValues {
    /// Gives the current date: `Date()` live, none in tests (override it, say with
    /// ``DateGenerator/constant(_:)``).
    ///
    /// ```swift
    /// @Dependency(\.date.now) var now
    /// ```
    public var date: DateGenerator {
        get { self[DateGeneratorKey.self] }
        set { self[DateGeneratorKey.self] = newValue }
    }
}

/// The key of ``DependencyValues/date``: a live value, no test value.
enum DateGeneratorKey: DependencyKey {
    static let liveValue = DateGenerator { Date() }
}
