#if canImport(SwiftUI)
// Type-checked on Linux against the stand-in in Checks/SwiftUIGlue (Decision 0017).
public import SwiftUI

extension View {
    /// Shows an alert while the bound child host of an ``AlertState`` is not nil (TCA's
    /// `.alert($store.scope(state: \.destination?.alert, action: \.destination.alert))`).
    ///
    /// ```swift
    /// .alert(Binding(store.scope(state: \.destination?.alert, action: { .alert($0) }, dismiss: .dismiss)))
    /// ```
    ///
    /// A button sends its action through the child host; any button, and the alert's own
    /// dismissal, writes nil to the binding, which sends the binding's dismissal. Both reach the
    /// reducer, in an order SwiftUI decides: put what a button's action needs in the action
    /// itself (`.confirmDelete(id:)`), not in the alert's state.
    ///
    /// - Parameter item: A binding to the optional child host of an alert
    ///   (``ObservableStore/scope(state:action:dismiss:)``).
    /// - Returns: The view, with the alert.
    @MainActor
    public func alert<Action: Equatable & Sendable>(_ item: Binding<ObservableStore<AlertState<Action>, Action>?>) -> some View {
        let host = item.wrappedValue
        return alert(
            Text(host?.state.title ?? ""),
            isPresented: Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } }),
            presenting: host,
            actions: { host in buttons(host.state.buttons, of: host) },
            message: { host in
                if let message = host.state.message { Text(message) }
            }
        )
    }

    /// Shows a confirmation dialog while the bound child host of a ``ConfirmationDialogState``
    /// is not nil (TCA's `.confirmationDialog($store.scope(state: \.destination?.dialog, action: \.destination.dialog))`).
    ///
    /// ```swift
    /// .confirmationDialog(Binding(store.scope(state: \.destination?.dialog, action: { .dialog($0) }, dismiss: .dismiss)))
    /// ```
    ///
    /// As with ``alert(_:)``, a button sends its action and the binding's dismissal is sent too.
    ///
    /// - Parameter item: A binding to the optional child host of a dialog
    ///   (``ObservableStore/scope(state:action:dismiss:)``).
    /// - Returns: The view, with the dialog.
    @MainActor
    public func confirmationDialog<Action: Equatable & Sendable>(
        _ item: Binding<ObservableStore<ConfirmationDialogState<Action>, Action>?>
    ) -> some View {
        let host = item.wrappedValue
        return confirmationDialog(
            Text(host?.state.title ?? ""),
            isPresented: Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } }),
            titleVisibility: visibility(host?.state.titleVisibility ?? .automatic),
            presenting: host,
            actions: { host in buttons(host.state.buttons, of: host) },
            message: { host in
                if let message = host.state.message { Text(message) }
            }
        )
    }
}

/// The buttons of an alert or a dialog; each sends its action, if any, through `host`.
@MainActor @ViewBuilder
private func buttons<State: Sendable, Action: Sendable>(
    _ buttons: [ButtonState<Action>],
    of host: ObservableStore<State, Action>
) -> some View {
    ForEach(buttons.indices, id: \.self) { index in
        let button = buttons[index]
        Button(button.label, role: role(button.role)) {
            if let action = button.action { host.send(action) }
        }
    }
}

private func role(_ role: ButtonStateRole?) -> ButtonRole? {
    switch role {
    case .cancel?: .cancel
    case .destructive?: .destructive
    case nil: nil
    }
}

private func visibility(_ visibility: ConfirmationDialogStateTitleVisibility) -> Visibility {
    switch visibility {
    case .automatic: .automatic
    case .hidden: .hidden
    case .visible: .visible
    }
}
#endif
