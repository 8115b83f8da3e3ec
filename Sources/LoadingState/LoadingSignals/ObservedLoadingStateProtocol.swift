/// A type that can present itself as an ``ObservedLoadingState``.
public protocol ObservedLoadingStateProtocol<LoadingValue, LoadingError>: LoadingStateProtocol {
    /// The state as an ``ObservedLoadingState``.
    var asObservedLoadingState: ObservedLoadingState<LoadingValue, LoadingError> { get }
}

extension ObservedLoadingStateProtocol {
    /// Whether the state is `.reloading`.
    public var isReloading: Bool {
        if case .reloading = asObservedLoadingState { return true }
        return false
    }
}
