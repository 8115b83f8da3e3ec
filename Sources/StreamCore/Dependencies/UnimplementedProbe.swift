import Synchronization

/// Tells a dependency read that the key's ``DependencyKey/testValue`` was the default one (the
/// key has no test value): the reader installs a probe while it asks the key for its test value,
/// and the default implementation marks it.
final class UnimplementedProbe: Sendable {
    /// The probe of the read in progress on this task or thread, if any.
    @TaskLocal static var current: UnimplementedProbe?

    private let marked = Atomic<Bool>(false)

    init() {}

    /// Records that the default (missing) test value was used.
    func mark() {
        marked.store(true, ordering: .relaxed)
    }

    /// Whether ``mark()`` was called.
    var isMarked: Bool {
        marked.load(ordering: .relaxed)
    }
}
