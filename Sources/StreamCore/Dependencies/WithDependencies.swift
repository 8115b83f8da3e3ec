/// Runs `operation` with some dependencies overridden (TCA's `withDependencies`).
///
/// ```swift
/// let todo = withDependencies {
///     $0.uuid = .incrementing
///     $0.date = .constant(Date(timeIntervalSince1970: 0))
/// } operation: {
///     makeTodo("Milk")          // reads @Dependency(\.uuid) and @Dependency(\.date)
/// }
/// ```
///
/// The overrides are in force for `operation` and what it starts: child tasks and `Task {}`,
/// and a `Store`'s handling of the actions sent inside it (its middleware, reducer and effects,
/// on whatever thread), so that a service's request sends with its own values:
///
/// ```swift
/// try await withDependencies { $0.requestID = request.id } operation: {
///     try await store.send(.submit(order))
/// }
/// ```
///
/// - Parameters:
///   - update: Changes the values in force (overrides for the scope).
///   - operation: The work.
/// - Returns: What `operation` returns.
/// - Throws: What `update` or `operation` throws.
@discardableResult
public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
) rethrows -> R {
    var values = DependencyValues.current
    try values.update(with: update)
    return try DependencyScope(values).install(operation)
}

/// Runs an `async` `operation` with some dependencies overridden.
///
/// ```swift
/// let state = try await withDependencies { $0.requestID = "r-42" } operation: {
///     try await store.send(.submit(order))
/// }
/// ```
///
/// - Parameters:
///   - isolation: The caller's isolation (inferred).
///   - update: Changes the values in force.
///   - operation: The work.
/// - Returns: What `operation` returns.
/// - Throws: What `update` or `operation` throws.
@discardableResult
public func withDependencies<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ update: (inout DependencyValues) async throws -> Void,
    operation: () async throws -> R
) async rethrows -> R {
    var values = DependencyValues.current
    try await values.update(with: update)
    return try await DependencyScope(values).install(isolation: isolation, operation)
}

/// Runs `operation` with the dependencies of other values (a store's, say) in force, with what
/// the scope in force set since on top, then `update` (TCA's `withDependencies(from:)`).
///
/// ```swift
/// let child = withDependencies(from: parent.dependencies) {
///     $0.requestID = "child"
/// } operation: {
///     Store(initialState: Child.State(), reducer: child)    // reads the parent's overrides
/// }
/// ```
///
/// - Parameters:
///   - values: The values to start from, such as `store.dependencies`.
///   - update: Changes the values.
///   - operation: The work.
/// - Returns: What `operation` returns.
/// - Throws: What `update` or `operation` throws.
@discardableResult
public func withDependencies<R>(
    from values: DependencyValues,
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
) rethrows -> R {
    let base = DependencyScope(values)
    var resolved = DependencyScope.resolve(base: base, sender: DependencyScope.captured)?.currentValues ?? values
    try resolved.update(with: update)
    return try DependencyScope(resolved).install(operation)
}

/// Runs `operation` with the dependencies of other values (a store's, say) in force, with what
/// the scope in force set since on top.
///
/// ```swift
/// let child = withDependencies(from: parent.dependencies) {
///     Store(initialState: Child.State(), reducer: child)
/// }
/// ```
///
/// - Parameters:
///   - values: The values to start from, such as `store.dependencies`.
///   - operation: The work.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
@discardableResult
public func withDependencies<R>(from values: DependencyValues, operation: () throws -> R) rethrows -> R {
    try withDependencies(from: values, { _ in }, operation: operation)
}

/// Carries the dependencies in force into work that escapes to a queue, a scheduler or a
/// callback, which task-locals do not reach (TCA's `withEscapedDependencies`).
///
/// ```swift
/// withEscapedDependencies { dependencies in
///     DispatchQueue.global().async {
///         dependencies.yield {
///             @Dependency(\.requestID) var requestID   // the caller's value
///             log(requestID)
///         }
///     }
/// }
/// ```
///
/// - Parameter operation: Receives the values in force, to ``DependencyValues/Continuation/yield(_:)`` to later.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
@discardableResult
public func withEscapedDependencies<R>(_ operation: (DependencyValues.Continuation) throws -> R) rethrows -> R {
    try operation(DependencyValues.Continuation(scope: DependencyScope.captured))
}

extension DependencyValues {
    /// The dependencies in force where ``withEscapedDependencies(_:)`` was called, to
    /// re-establish later, anywhere.
    public struct Continuation: Sendable {
        let scope: DependencyScope?

        /// Runs `operation` with the captured dependencies in force.
        ///
        /// ```swift
        /// dependencies.yield { DependencyValues.current.requestID }
        /// ```
        ///
        /// - Parameter operation: The work.
        /// - Returns: What `operation` returns.
        /// - Throws: What `operation` throws.
        public func yield<R>(_ operation: () throws -> R) rethrows -> R {
            try DependencyScope.run(in: scope, operation)
        }
    }
}
