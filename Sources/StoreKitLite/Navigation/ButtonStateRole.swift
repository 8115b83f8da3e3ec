/// The role of an alert's or a dialog's button (swift-navigation's `ButtonStateRole`), shown
/// as SwiftUI's `ButtonRole`.
public enum ButtonStateRole: Hashable, Sendable, Codable {
    /// Dismisses without doing anything (shown apart, as the last button).
    case cancel
    /// Deletes or otherwise destroys something (shown in red).
    case destructive
}
