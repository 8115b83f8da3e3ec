/// A button of an alert or a confirmation dialog, as state (swift-navigation's `ButtonState`,
/// which TCA uses): its label, its role, and the action it sends.
///
/// ```swift
/// ButtonState("Delete", role: .destructive, action: .confirmDelete(id: book.id))
/// ButtonState("Cancel", role: .cancel)                 // only dismisses
/// ```
///
/// Every button of an alert dismisses it: SwiftUI sets the presentation to nil, which sends the
/// dismissal the binding names, and a button with an action also sends its action.
public struct ButtonState<Action> {
    /// The button's title, shown as is.
    public var label: String
    /// The button's role, if any.
    public var role: ButtonStateRole?
    /// The action the button sends, or nil for a button that only dismisses.
    public var action: Action?

    /// A button.
    ///
    /// ```swift
    /// ButtonState("Sort by title", action: .byTitle)
    /// ```
    ///
    /// - Parameters:
    ///   - label: The button's title, shown as is.
    ///   - role: The button's role, if any.
    ///   - action: The action the button sends, or nil for one that only dismisses.
    public init(_ label: String, role: ButtonStateRole? = nil, action: Action? = nil) {
        self.label = label
        self.role = role
        self.action = action
    }
}

extension ButtonState: Sendable where Action: Sendable {}
extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Codable where Action: Codable {}
