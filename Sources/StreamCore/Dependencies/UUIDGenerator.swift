public import Foundation
import Synchronization

/// Makes UUIDs: the ``DependencyValues/uuid`` dependency (TCA's `UUIDGenerator`).
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// let id = uuid()                       // UUID() live; 00000000-0000-0000-0000-000000000000,
///                                       // …-000000000001, … with .incrementing
/// ```
public struct UUIDGenerator: Sendable {
    private let generate: @Sendable () -> UUID

    /// Creates a generator from a function.
    ///
    /// ```swift
    /// let fixed = UUIDGenerator { UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")! }
    /// ```
    ///
    /// - Parameter generate: Makes each UUID (called on the reading thread).
    public init(_ generate: @escaping @Sendable () -> UUID) {
        self.generate = generate
    }

    /// A new UUID.
    ///
    /// - Returns: The UUID.
    public func callAsFunction() -> UUID {
        generate()
    }

    /// A generator that always gives `uuid`.
    ///
    /// ```swift
    /// withDependencies { $0.uuid = .constant(UUID(7)) } operation: { … }
    /// ```
    ///
    /// - Parameter uuid: The UUID.
    /// - Returns: The generator.
    public static func constant(_ uuid: UUID) -> Self {
        Self { uuid }
    }

    /// A generator of `UUID(0)`, `UUID(1)`, `UUID(2)`…: predictable identifiers for tests. Each
    /// use of `.incrementing` starts its own count at 0; the count is thread-safe.
    ///
    /// ```swift
    /// let uuid = UUIDGenerator.incrementing
    /// uuid()   // 00000000-0000-0000-0000-000000000000
    /// uuid()   // 00000000-0000-0000-0000-000000000001
    /// ```
    public static var incrementing: Self {
        let counter = Counter()
        return Self { UUID(counter.next()) }
    }

    /// The count of an incrementing generator.
    private final class Counter: Sendable {
        private let value = Atomic<Int>(0)

        func next() -> Int {
            value.wrappingAdd(1, ordering: .relaxed).oldValue
        }
    }

    /// The live generator: `UUID()`.
    static let live = Self { UUID() }
}

extension UUID {
    /// The UUID that `.incrementing` gives for `intValue`: its magnitude in the last 16 hex
    /// digits, and a 1 before them for a negative value (TCA's `UUID(_:)`).
    ///
    /// ```swift
    /// UUID(1)    // 00000000-0000-0000-0000-000000000001
    /// UUID(-1)   // 00000000-0000-0001-0000-000000000001
    /// ```
    ///
    /// - Parameter intValue: The number.
    public init(_ intValue: Int) {
        let magnitude = UInt64(intValue.magnitude)
        let byte = { (shift: UInt64) in UInt8(truncatingIfNeeded: magnitude >> shift) }
        self.init(
            uuid: (
                0, 0, 0, 0, 0, 0, 0, intValue < 0 ? 1 : 0,
                byte(56), byte(48), byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)
            )
        )
    }
}

extension DependencyValues {
    /// Makes UUIDs: `UUID()` live, none in tests (override it, say with
    /// ``UUIDGenerator/incrementing``).
    ///
    /// ```swift
    /// @Dependency(\.uuid) var uuid
    /// let todo = Todo(id: uuid(), title: "Milk")
    /// ```
    public var uuid: UUIDGenerator {
        get { self[UUIDGeneratorKey.self] }
        set { self[UUIDGeneratorKey.self] = newValue }
    }
}

/// The key of ``DependencyValues/uuid``: a live value, no test value.
enum UUIDGeneratorKey: DependencyKey {
    static let liveValue = UUIDGenerator.live
}
