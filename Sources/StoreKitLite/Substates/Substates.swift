/// An application state made of substates registered at run time, keyed by their type: RxState's
/// `[SubstateType]` app state, made type-safe.
///
/// ```swift
/// var state = Substates()
/// state.add([TasksState()])
/// state[TasksState.self]?.tasks.count      // 0
/// try state.update(TasksState.self) { $0.addingTask = true }
/// state.removeAll()                        // RxState's `.reset`
/// try state.update(TasksState.self) { _ in }   // throws .substateNotRegistered("TasksState")
/// ```
///
/// Reading is by type and returns an optional; updating an unregistered type throws a
/// `StoreError` rather than trapping (RxState's main reducer called `fatalError`).
public struct Substates: Sendable, CustomStringConvertible {
    private var storage: [ObjectIdentifier: any Substate] = [:]
    private var order: [ObjectIdentifier] = []

    /// Creates an application state with the given substates.
    ///
    /// - Parameter states: Substates to register; a later one replaces an earlier one of the same
    ///   type.
    public init(_ states: [any Substate] = []) {
        add(states)
    }

    /// The substate of a type, or `nil` when none is registered.
    ///
    /// - Parameter type: The substate's type.
    public subscript<S: Substate>(_ type: S.Type) -> S? {
        storage[ObjectIdentifier(type)] as? S
    }

    /// Whether a substate of the type is registered.
    ///
    /// - Parameter type: The substate's type.
    /// - Returns: `true` if registered.
    public func contains<S: Substate>(_ type: S.Type) -> Bool {
        storage[ObjectIdentifier(type)] != nil
    }

    /// The registered substates, in registration order.
    public var all: [any Substate] {
        order.compactMap { storage[$0] }
    }

    /// The number of registered substates.
    public var count: Int { order.count }

    /// Registers substates (RxState's `StoreAction.add(states:)`); a substate of an already
    /// registered type replaces it and keeps its position.
    ///
    /// - Parameter states: The substates to add.
    public mutating func add(_ states: [any Substate]) {
        for state in states {
            let key = ObjectIdentifier(type(of: state))
            if storage.updateValue(state, forKey: key) == nil { order.append(key) }
        }
    }

    /// Removes the substate of a type, if registered.
    ///
    /// - Parameter type: The substate's type.
    public mutating func remove<S: Substate>(_ type: S.Type) {
        let key = ObjectIdentifier(type)
        if storage.removeValue(forKey: key) != nil { order.removeAll { $0 == key } }
    }

    /// Removes every substate (RxState's `StoreAction.reset`).
    public mutating func removeAll() {
        storage = [:]
        order = []
    }

    /// Mutates the substate of a type in place.
    ///
    /// - Parameters:
    ///   - type: The substate's type.
    ///   - body: The mutation; may throw to refuse it (the substate is then left unchanged).
    /// - Returns: What `body` returns.
    /// - Throws: `StoreError.substateNotRegistered(_:)` when no substate of the type is
    ///   registered, or what `body` throws.
    public mutating func update<S: Substate, R>(
        _ type: S.Type,
        _ body: (inout S) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        let key = ObjectIdentifier(type)
        // Take the value out so that it is uniquely referenced while `body` mutates it.
        guard let existing = storage.removeValue(forKey: key) else {
            throw StoreError.substateNotRegistered(String(describing: S.self))
        }
        guard var substate = existing as? S else {
            storage[key] = existing
            throw StoreError.substateNotRegistered(String(describing: S.self))
        }
        do throws(StoreError) {
            let result = try body(&substate)
            storage[key] = substate
            return result
        } catch {
            storage[key] = existing
            throw error
        }
    }

    /// The substates, in registration order.
    public var description: String {
        "Substates(" + all.map { String(describing: $0) }.joined(separator: ", ") + ")"
    }
}
