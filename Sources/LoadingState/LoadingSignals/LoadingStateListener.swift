/// Something that shows loading states, such as a view or a view model.
///
/// ```swift
/// final class ProfileScreen: LoadingStateListener {
///     func setLoadingState<Value, Failure>(_ state: ObservedLoadingState<Value, Failure>) {
///         switch state {
///         case .loading: showSpinner()
///         case .reloading: showRefreshIndicator()
///         case .loaded: hideSpinner()
///         case .failed(let error): show(error)
///         }
///     }
/// }
/// user.consumeLoadingState(by: screen).observeNext { render($0) }
/// ```
///
/// `consumeLoadingState(by:)` holds the listener weakly and calls it
/// on the thread that delivers the state; hop to the main thread first for UI work.
public protocol LoadingStateListener: AnyObject, Sendable {
    /// Shows a loading state.
    ///
    /// - Parameter state: The state, with `.reloading` for every load after the first result.
    func setLoadingState<LoadingValue, LoadingError>(_ state: ObservedLoadingState<LoadingValue, LoadingError>)
}
