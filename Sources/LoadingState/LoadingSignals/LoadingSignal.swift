public import StreamCore

/// A safe signal of loading states: a load's failure is a `.failed` element, not a terminal
/// error, so the signal can go on (for example reload) after a failure.
///
/// ```swift
/// let user: LoadingSignal<User, APIError> = api.fetchUser().toLoadingSignal()
/// user.observeNext { state in
///     switch state {
///     case .loading: showSpinner()
///     case .loaded(let user): show(user)
///     case .failed(let error): show(error)
///     }
/// }
/// ```
public typealias LoadingSignal<LoadingValue, LoadingError: Swift.Error> =
    Signal<LoadingState<LoadingValue, LoadingError>, Never>

extension Signal where Error == Never, Element: LoadingStateProtocol {
    /// A loading signal that sends `.loading` and completes.
    public static func loading() -> LoadingSignal<Element.LoadingValue, Element.LoadingError> {
        Signal<LoadingState<Element.LoadingValue, Element.LoadingError>, Never> { observer in
            observer.receive(lastElement: .loading)
            return NonDisposable.instance
        }
    }

    /// A loading signal that sends `.loaded(value)` and completes.
    ///
    /// - Parameter value: The loaded value.
    public static func loaded(
        _ value: Element.LoadingValue
    ) -> LoadingSignal<Element.LoadingValue, Element.LoadingError>
    where Element.LoadingValue: Sendable {
        Signal<LoadingState<Element.LoadingValue, Element.LoadingError>, Never> { observer in
            observer.receive(lastElement: .loaded(value))
            return NonDisposable.instance
        }
    }

    /// A loading signal that sends `.failed(error)` and completes.
    ///
    /// - Parameter error: The load's error.
    public static func failed(
        _ error: Element.LoadingError
    ) -> LoadingSignal<Element.LoadingValue, Element.LoadingError> {
        Signal<LoadingState<Element.LoadingValue, Element.LoadingError>, Never> { observer in
            observer.receive(lastElement: .failed(error))
            return NonDisposable.instance
        }
    }
}
