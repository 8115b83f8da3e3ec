public import StreamCore

/// Something that keeps part of a store's state outside the store: ``Persisted`` for a file.
///
/// The store's initializer `init(initialState:reducer:persisting:middleware:observers:notifyOn:)`
/// calls ``restore(into:)`` on the initial state, then ``persist(_:)`` with its states.
public protocol StatePersistence<State>: Sendable {
    /// The store's state type.
    associatedtype State: Sendable

    /// Replaces the persisted part of `state` with the stored one, if any.
    ///
    /// - Parameter state: The initial state.
    func restore(into state: inout State)

    /// Starts saving the persisted part of the store's states.
    ///
    /// - Parameter states: The store's current state, then every new state.
    func persist(_ states: Signal<State, Never>)
}

/// Why a ``Persisted`` value could not be read or written.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read or decoded; it was moved aside to `<path>.corrupt`.
    case unreadable(path: String, reason: String)
    /// The file is larger than the limit; it was moved aside to `<path>.corrupt`.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The value could not be encoded or written; the file keeps the previous value.
    case unwritable(path: String, reason: String)

    /// A readable description of the failure.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .tooLarge(let path, let bytes, let limit): "\(path) has \(bytes) bytes, over the limit of \(limit)"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

extension Store {
    /// Creates a store some parts of whose state are kept outside it, for example in files.
    ///
    /// ```swift
    /// let store = Store(initialState: AppState(), reducer: app,
    ///                   persisting: [Persisted(\AppState.settings, file: settingsURL)])
    /// ```
    ///
    /// Each persistence first restores its part into `initialState`, then saves the part's changes.
    ///
    /// - Parameters:
    ///   - initialState: The first state, before the persisted parts are restored into it.
    ///   - reducer: The reducer.
    ///   - persisting: The persisted parts.
    ///   - middleware: Interceptors every action passes through.
    ///   - observers: Observing middleware.
    ///   - notifyOn: Where observers and effects are called.
    public convenience init(
        initialState: State,
        reducer: Reducer<State, Action>,
        persisting: [any StatePersistence<State>],
        middleware: [Middleware<State, Action>] = [],
        observers: [any ObservingMiddleware<State, Action>] = [],
        notifyOn: ExecutionContext = .immediate
    ) {
        var state = initialState
        for persistence in persisting { persistence.restore(into: &state) }
        self.init(initialState: state, reducer: reducer, middleware: middleware, observers: observers, notifyOn: notifyOn)
        for persistence in persisting { persistence.persist(states) }
    }
}
