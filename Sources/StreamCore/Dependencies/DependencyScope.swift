public import Synchronization

/// A frozen set of ``DependencyValues``: what `withDependencies` installs in the task-local, and
/// what a store carries with each action so that its reducer and effects read the values the
/// action was sent with, on whatever thread they run.
///
/// Scopes form a lineage: a scope made from the values read inside another (`withDependencies`
/// nested in another, or in a store's action) descends from it. When an action sent under one
/// scope reaches a store created under another, ``resolve(base:sender:)`` gives the store's
/// values with what the sender set since their lineages met (the sender wins on those keys).
@usableFromInline
package final class DependencyScope: Sendable {
    /// The scope installed on this task or thread, if any.
    @TaskLocal static var installed: DependencyScope?

    /// Whether any scope was ever made in this process: until then, no task-local is read on a
    /// store's dispatch path (a process that uses no dependency pays one relaxed load).
    @usableFromInline
    package static let inUse = Atomic<Bool>(false)

    /// A scope of the process's values, with nothing overridden: installed to leave every scope.
    @usableFromInline
    package static let root = DependencyScope(DependencyValues.root)

    /// The values (their `origin` is the scope they were read from: this scope's parent).
    let values: DependencyValues
    /// What this scope set relative to its parent (keys, context and handler markers).
    let changed: Set<ObjectIdentifier>
    /// The store's scope this one was merged over (``resolve(base:sender:)``), if any.
    let mergedBase: DependencyScope?

    /// Freezes values into a scope that descends from the scope they were read from.
    ///
    /// - Parameter values: The values.
    package init(_ values: DependencyValues) {
        var frozen = values
        frozen.readSite = nil
        self.values = frozen
        changed = values.changed
        mergedBase = nil
        Self.inUse.store(true, ordering: .relaxed)
    }

    private init(values: DependencyValues, changed: Set<ObjectIdentifier>, mergedBase: DependencyScope) {
        self.values = values
        self.changed = changed
        self.mergedBase = mergedBase
    }

    /// The scope this one was read from, if any.
    var parent: DependencyScope? { values.origin }

    /// The values as read from this scope: the next changes are counted from here.
    package var currentValues: DependencyValues {
        var values = values
        values.origin = self
        values.changed = []
        return values
    }

    /// The scope in force on this task or thread, if any (one relaxed load when no scope was
    /// ever made).
    @inlinable
    package static var captured: DependencyScope? {
        inUse.load(ordering: .relaxed) ? installedScope() : nil
    }

    /// The scope a store action queued for another thread carries: the one in force here, or
    /// the process's (``root``) outside every scope, so that the thread that runs it does not
    /// apply its own; `nil` while no scope was ever made.
    @inlinable
    package static var queued: DependencyScope? {
        inUse.load(ordering: .relaxed) ? installedScope() ?? root : nil
    }

    /// The task-local's value (out of line: read only once scopes are in use).
    @usableFromInline
    static func installedScope() -> DependencyScope? {
        installed
    }

    /// Runs `body` with this scope installed on the current task or thread.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    @usableFromInline
    package func install<R>(_ body: () throws -> R) rethrows -> R {
        try Self.$installed.withValue(self, operation: body)
    }

    /// Runs `body` with this scope installed, from async code.
    func install<R>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
    ) async rethrows -> R {
        try await Self.$installed.withValue(self, operation: body, isolation: isolation)
    }

    /// Runs `body` under `scope` (`nil`: the process's values, outside every scope), installing
    /// it unless it is in force already: one relaxed load when no scope was ever made.
    ///
    /// - Parameters:
    ///   - scope: The scope to run under.
    ///   - body: The work.
    /// - Returns: What `body` returns.
    @inlinable
    package static func run<R>(in scope: DependencyScope?, _ body: () throws -> R) rethrows -> R {
        guard inUse.load(ordering: .relaxed), let target = needed(scope) else { return try body() }
        return try target.install(body)
    }

    /// The scope to install to run under `scope` (`nil`: the process's values), or `nil` if it is
    /// in force already.
    ///
    /// - Parameter scope: The scope to run under.
    /// - Returns: The scope to install, or `nil`.
    @usableFromInline
    package static func needed(_ scope: DependencyScope?) -> DependencyScope? {
        let installed = installed
        guard let scope else { return installed == nil || installed === root ? nil : root }
        return scope === installed ? nil : scope
    }

    /// Whether this scope is `other` or was read, directly or not, from it.
    func descends(from other: DependencyScope) -> Bool {
        if self === other { return true }
        if let parent, parent.descends(from: other) { return true }
        return mergedBase?.descends(from: other) ?? false
    }

    /// The values an action sent under `sender` reads in a store created under `base`:
    /// - either is `nil`: the other;
    /// - one descends from the other: the younger one (it holds the older one's values and what
    ///   was set since);
    /// - else the store's values with what the sender set since the two lineages met, on top.
    ///
    /// - Parameters:
    ///   - base: The store's scope (or an object's, for `@Dependency`).
    ///   - sender: The scope the action was sent under.
    /// - Returns: The scope to run the action under.
    package static func resolve(base: DependencyScope?, sender: DependencyScope?) -> DependencyScope? {
        guard let sender else { return base }
        guard let base, sender !== base else { return sender }
        if sender.descends(from: base) { return sender }
        if base.descends(from: sender) { return base }
        var keys = Set<ObjectIdentifier>()
        var node: DependencyScope? = sender
        while let scope = node, !base.descends(from: scope) {
            keys.formUnion(scope.changed)
            node = scope.parent
        }
        if keys.isEmpty { return base }
        return DependencyScope(merging: sender, keys: keys, over: base)
    }

    /// The base's values with the sender's values for `keys` on top.
    private convenience init(merging sender: DependencyScope, keys: Set<ObjectIdentifier>, over base: DependencyScope) {
        var values = base.values
        for key in keys {
            if let value = sender.values.overrides[key] { values.overrides[key] = value }
        }
        if keys.contains(DependencyValues.contextMarker) { values.explicitContext = sender.values.explicitContext }
        if keys.contains(DependencyValues.handlerMarker) { values.handler = sender.values.handler }
        values.origin = sender
        // Merged again over another store, this scope sets everything it holds.
        var changed = keys.union(base.values.overrides.keys)
        if base.values.explicitContext != nil { changed.insert(DependencyValues.contextMarker) }
        if base.values.handler != nil { changed.insert(DependencyValues.handlerMarker) }
        self.init(values: values, changed: changed, mergedBase: base)
    }
}
