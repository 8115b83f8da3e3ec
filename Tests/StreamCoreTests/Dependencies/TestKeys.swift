import StreamCore
import TestSupport

/// A dependency with all three values.
enum GreetingKey: DependencyKey {
    static let liveValue = "live"
    static let testValue = "test"
    static let previewValue = "preview"
}

/// A dependency with a live value only (no test value).
enum LiveOnlyKey: DependencyKey {
    static let liveValue = 42
}

/// A dependency with a test value only (no live value).
enum TestOnlyKey: TestDependencyKey {
    static let testValue = "test only"
}

/// A dependency whose live value counts how often it is computed.
enum CountedKey: DependencyKey {
    static let made = Box(0)
    static var liveValue: Int {
        made.mutate { count in
            count += 1
            return count
        }
    }
    static let testValue = 0
}

/// A dependency whose live value reads another dependency while the cache computes it (no
/// lock may be held then: the cache is not recursive).
enum NestedKey: DependencyKey {
    static var liveValue: String { "nested " + DependencyValues.current.greeting + " " + String(DependencyValues.current.counted) }
    static let testValue = "nested test"
}

extension DependencyValues {
    var nested: String {
        get { self[NestedKey.self] }
        set { self[NestedKey.self] = newValue }
    }

    var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }

    var liveOnly: Int {
        get { self[LiveOnlyKey.self] }
        set { self[LiveOnlyKey.self] = newValue }
    }

    var testOnly: String {
        get { self[TestOnlyKey.self] }
        set { self[TestOnlyKey.self] = newValue }
    }

    var counted: Int {
        get { self[CountedKey.self] }
        set { self[CountedKey.self] = newValue }
    }
}
