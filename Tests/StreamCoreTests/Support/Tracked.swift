/// An object whose release a test observes through a weak reference.
final class Tracked: Sendable {
    init() {}
}
