extension Substates: Equatable {
    /// Whether two application states hold the same substates, in the same order, each equal to
    /// its counterpart.
    ///
    /// Substates are compared with their own `==` when their type is `Equatable` (the usual
    /// case: declare `struct TasksState: Substate, Equatable`). A substate whose type is not
    /// `Equatable` cannot be compared, and makes the two states unequal, so a test of a store
    /// that holds one fails rather than passing by accident.
    ///
    /// ```swift
    /// Substates([TasksState()]) == Substates([TasksState()])   // true
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: One application state.
    ///   - rhs: Another one.
    /// - Returns: Whether they are equal.
    public static func == (lhs: Substates, rhs: Substates) -> Bool {
        let left = lhs.all
        let right = rhs.all
        return left.count == right.count && zip(left, right).allSatisfy(substatesAreEqual)
    }
}

extension StoreAction: Equatable {
    /// Whether two store actions are the same: both `.reset`, or both `.add` with equal
    /// substates in the same order (compared as ``Substates/==(_:_:)`` compares them).
    ///
    /// - Parameters:
    ///   - lhs: One store action.
    ///   - rhs: Another one.
    /// - Returns: Whether they are equal.
    public static func == (lhs: StoreAction, rhs: StoreAction) -> Bool {
        switch (lhs, rhs) {
        case (.reset, .reset):
            return true
        case (.add(let left), .add(let right)):
            return left.count == right.count && zip(left, right).allSatisfy(substatesAreEqual)
        default:
            return false
        }
    }
}

/// Whether two substates are equal: same type, `Equatable`, and `==`.
private func substatesAreEqual(_ pair: (any Substate, any Substate)) -> Bool {
    guard let left = pair.0 as? any Equatable else { return false }
    return left.isEqual(toSubstate: pair.1)
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(toSubstate other: any Substate) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
