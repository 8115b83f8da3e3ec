/// Whether a confirmation dialog shows its title (swift-navigation's
/// `ConfirmationDialogStateTitleVisibility`), shown as SwiftUI's `Visibility`.
public enum ConfirmationDialogStateTitleVisibility: Hashable, Sendable, Codable {
    /// As the platform does by default.
    case automatic
    /// Never.
    case hidden
    /// Always.
    case visible
}
