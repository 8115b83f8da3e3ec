/// The action a ReSwift-style store reduces first when it is created without an initial state
/// (ReSwift's `ReSwiftInit`).
///
/// With typed actions, an action type carries it in a case and conforms to
/// ``ReSwiftInitAction``:
///
/// ```swift
/// enum AppAction: ReSwiftInitAction {
///     case reSwiftInit(ReSwiftInit)
///     case increase
/// }
/// let store = Store(reducer: appReducer, state: nil)   // the reducer sees .reSwiftInit first
/// ```
public struct ReSwiftInit: Sendable, Hashable {
    /// Creates the action.
    public init() {}
}

/// An action type that can carry ``ReSwiftInit``, so that
/// `Store(reducer:state:middleware:automaticallySkipsRepeats:)` can build a missing initial state.
///
/// An enum case `case reSwiftInit(ReSwiftInit)` is the whole conformance.
public protocol ReSwiftInitAction: Sendable {
    /// The action that stands for ``ReSwiftInit``.
    ///
    /// - Parameter action: The ``ReSwiftInit`` action.
    /// - Returns: This type's action for it.
    static func reSwiftInit(_ action: ReSwiftInit) -> Self
}
