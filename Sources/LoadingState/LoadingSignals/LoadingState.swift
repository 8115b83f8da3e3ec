/// The state of an asynchronous piece of work: loading, loaded with a value, or failed.
///
/// The element of a ``LoadingSignal``. The module is also called `LoadingState`; ordinary client
/// code is unaffected (`import LoadingState`, then `LoadingState<User, APIError>`). Only a
/// qualified name such as `LoadingState.LoadingProperty` fails to resolve, because `LoadingState`
/// then names this type; Swift 6.3's module selector disambiguates:
///
/// ```swift
/// import LoadingState
///
/// let state: LoadingState<User, APIError> = .loaded(user)
/// let property: LoadingState::LoadingProperty<User, APIError> = …   // module-qualified
/// ```
public enum LoadingState<LoadingValue, LoadingError: Swift.Error>: LoadingStateProtocol {
    /// The work is running.
    case loading
    /// The work produced a value.
    case loaded(LoadingValue)
    /// The work failed with an error.
    case failed(LoadingError)

    /// The state itself.
    public var asLoadingState: LoadingState<LoadingValue, LoadingError> { self }

    /// Whether `other` is in the same case (loading, loaded or failed), ignoring values and errors.
    ///
    /// - Parameter other: A state of any value and error type.
    /// - Returns: `true` when both are `.loading`, both `.loaded` or both `.failed`.
    public func isSameState<OtherValue, OtherError>(as other: LoadingState<OtherValue, OtherError>) -> Bool {
        switch (self, other) {
        case (.loading, .loading), (.loaded, .loaded), (.failed, .failed): return true
        default: return false
        }
    }
}

extension LoadingState: Sendable where LoadingValue: Sendable {}
extension LoadingState: Equatable where LoadingValue: Equatable, LoadingError: Equatable {}
extension LoadingState: Hashable where LoadingValue: Hashable, LoadingError: Hashable {}
