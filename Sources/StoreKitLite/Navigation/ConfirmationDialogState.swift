/// A confirmation dialog (an action sheet), as state (swift-navigation's
/// `ConfirmationDialogState`, which TCA uses): a case of a feature's `Destination?` shows it,
/// and its buttons send actions.
///
/// ```swift
/// shelf.destination = .dialog(
///     ConfirmationDialogState(
///         title: "Sort by",
///         titleVisibility: .visible,
///         buttons: [
///             ButtonState("Title", action: .byTitle),
///             ButtonState("Order added", action: .byID),
///             ButtonState("Cancel", role: .cancel),
///         ]))
/// ```
///
/// A view shows it with SwiftUI's `confirmationDialog(_:)` of this package and an optional
/// child host: `.confirmationDialog(Binding(store.scope(state: \.destination?.dialog, action: { .dialog($0) }, dismiss: .dismiss)))`.
public struct ConfirmationDialogState<Action> {
    /// The dialog's title, shown as is when `titleVisibility` lets it.
    public var title: String
    /// Whether the title is shown.
    public var titleVisibility: ConfirmationDialogStateTitleVisibility
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in order.
    public var buttons: [ButtonState<Action>]

    /// A confirmation dialog.
    ///
    /// ```swift
    /// ConfirmationDialogState(title: "Share", buttons: [ButtonState("Copy link", action: .copyLink)])
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title, shown as is when `titleVisibility` lets it.
    ///   - titleVisibility: Whether the title is shown.
    ///   - message: The text under the title, if any.
    ///   - buttons: The buttons, in order.
    public init(
        title: String,
        titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
        message: String? = nil,
        buttons: [ButtonState<Action>] = []
    ) {
        self.title = title
        self.titleVisibility = titleVisibility
        self.message = message
        self.buttons = buttons
    }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}
extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Codable where Action: Codable {}
