import Foundation
public import StoreKitLite
public import StreamCore

extension Store {
    /// Creates a store that `inspector` records: its middleware report the actions they drop or
    /// hold, its reducer records each action with the state after it, and, if the inspector was
    /// created for development, the store can travel in time (see `TimeTravel`).
    ///
    /// ```swift
    /// let inspector = StoreInspector<AppState, AppAction>(development: true)
    /// let store = Store(initialState: AppState(), reducer: app, middleware: [auth], inspector: inspector)
    /// ```
    ///
    /// An inspector records the first store created with it. An action type that is `Decodable`
    /// can be dispatched from the page as JSON (development only).
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - reducer: The reducer (recomputing skipped actions reruns it: it must be pure).
    ///   - middleware: Interceptors, as for `init(initialState:reducer:middleware:observers:notifyOn:queue:)`.
    ///   - middlewareNames: The middleware's names in the log (`middleware #1`… by default).
    ///   - observers: Observing middleware.
    ///   - notifyOn: Where observers and effects are called.
    ///   - queue: How many outside actions may wait.
    ///   - inspector: The inspector.
    @inlinable
    public convenience init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        middlewareNames: [String] = [],
        observers: [any ObservingMiddleware<State, Action>] = [],
        notifyOn: ExecutionContext = .immediate,
        queue: ActionQueuePolicy = .unbounded,
        inspector: StoreInspector<State, Action>
    ) {
        let recorded = inspector.recordingStore(reducer, initialState: initialState)
        let instrumented = inspector.instrumenting(middleware, names: middlewareNames)
        if let travel = inspector.timeTravel {
            self.init(
                initialState: initialState, reducer: recorded, middleware: instrumented, observers: observers,
                notifyOn: notifyOn, queue: queue, timeTravel: travel)
        } else {
            self.init(
                initialState: initialState, reducer: recorded, middleware: instrumented, observers: observers,
                notifyOn: notifyOn, queue: queue)
        }
        inspector.attach(store: self, initialState: initialState, decode: Self.jsonDecoder())
    }

    /// A decoder of actions from JSON, when the action type is `Decodable`.
    @usableFromInline
    static func jsonDecoder() -> (@Sendable (String) throws -> Action)? {
        guard let decodable = Action.self as? any (Decodable & Sendable).Type else { return nil }
        return decoder(of: decodable)
    }

    /// Decodes `Decoded` from JSON and casts it to the action type (they are the same type).
    private static func decoder<Decoded: Decodable & Sendable>(of type: Decoded.Type) -> @Sendable (String) throws -> Action {
        { text in
            let decoded = try JSONDecoder().decode(Decoded.self, from: Data(text.utf8))
            guard let action = decoded as? Action else { throw InspectorError.undecodableAction("\(Action.self)") }
            return action
        }
    }
}
