/// A loading state as an observer sees it over time: like ``LoadingState``, with `.reloading`
/// for a load that follows an earlier result.
///
/// `deriveObservedLoadingState(loadsAgainOnFailure:)` produces it from
/// a loading signal: the first `.loading` stays `.loading`, every later one becomes `.reloading`.
/// ``LoadingStateListener``s receive this type, so a view can show a full-screen spinner for the
/// first load and a discreet one for a refresh.
public enum ObservedLoadingState<LoadingValue, LoadingError: Swift.Error>: ObservedLoadingStateProtocol {
    /// The first load is running.
    case loading
    /// A later load is running; an earlier value (or error) was already delivered.
    case reloading
    /// The work produced a value.
    case loaded(LoadingValue)
    /// The work failed with an error.
    case failed(LoadingError)

    /// The state as a plain ``LoadingState`` (`.reloading` becomes `.loading`).
    public var asLoadingState: LoadingState<LoadingValue, LoadingError> {
        switch self {
        case .loading, .reloading: return .loading
        case .loaded(let value): return .loaded(value)
        case .failed(let error): return .failed(error)
        }
    }

    /// The state itself.
    public var asObservedLoadingState: ObservedLoadingState<LoadingValue, LoadingError> { self }
}

extension ObservedLoadingState: Sendable where LoadingValue: Sendable {}
extension ObservedLoadingState: Equatable where LoadingValue: Equatable, LoadingError: Equatable {}
extension ObservedLoadingState: Hashable where LoadingValue: Hashable, LoadingError: Hashable {}
