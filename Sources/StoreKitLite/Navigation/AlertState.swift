/// An alert, as state (swift-navigation's `AlertState`, which TCA uses): a case of a feature's
/// `Destination?` shows it, and its buttons send actions.
///
/// ```swift
/// shelf.destination = .alert(
///     AlertState(
///         title: "Delete “\(book.title)”?",
///         message: "This cannot be undone.",
///         buttons: [
///             ButtonState("Delete", role: .destructive, action: .confirmDelete(id: book.id)),
///             ButtonState("Cancel", role: .cancel),
///         ]))
/// ```
///
/// A view shows it with SwiftUI's `alert(_:)` of this package and an optional child host:
/// `.alert(Binding(store.scope(state: \.destination?.alert, action: { .alert($0) }, dismiss: .dismiss)))`.
/// Being state, it is compared in `TestStore` tests like any other part of the state.
public struct AlertState<Action> {
    /// The alert's title, shown as is.
    public var title: String
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in order; none shows SwiftUI's single OK button, which only dismisses.
    public var buttons: [ButtonState<Action>]

    /// An alert.
    ///
    /// ```swift
    /// AlertState(title: "Saved")        // an OK button that only dismisses
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title, shown as is.
    ///   - message: The text under the title, if any.
    ///   - buttons: The buttons, in order.
    public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

extension AlertState: Sendable where Action: Sendable {}
extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Codable where Action: Codable {}
