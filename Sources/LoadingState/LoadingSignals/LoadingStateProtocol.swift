/// A type that can present itself as a ``LoadingState``: the element type of loading signals.
///
/// ``LoadingState`` and ``ObservedLoadingState`` conform, so the loading-signal operators
/// (`mapValue(_:)`, `value()` …) work on
/// signals of either.
public protocol LoadingStateProtocol<LoadingValue, LoadingError> {
    /// The type of the value being loaded.
    associatedtype LoadingValue
    /// The type of error a load can fail with.
    associatedtype LoadingError: Swift.Error

    /// The state as a plain ``LoadingState`` (`.reloading` becomes `.loading`).
    var asLoadingState: LoadingState<LoadingValue, LoadingError> { get }
}

extension LoadingStateProtocol {
    /// Whether the state is `.loading` (or `.reloading`).
    public var isLoading: Bool {
        if case .loading = asLoadingState { return true }
        return false
    }

    /// The loaded value, or `nil` while loading or after a failure.
    public var value: LoadingValue? {
        if case .loaded(let value) = asLoadingState { return value }
        return nil
    }

    /// The error of a failed load, or `nil` otherwise.
    public var error: LoadingError? {
        if case .failed(let error) = asLoadingState { return error }
        return nil
    }
}
