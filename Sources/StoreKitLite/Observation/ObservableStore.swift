public import Observation
public import StreamCore

/// A store hosted for SwiftUI and other Observation-based views (TCA's observable `Store`):
/// views read `store.state.field`, and only the views that read a field that changed are
/// invalidated.
///
/// ```swift
/// @MainActor struct CounterView: View {
///     let store: ObservableStore<Counter, CounterAction>
///
///     var body: some View {
///         Text("\(store.state.count)")             // invalidated only when `count` changes
///         Button("+") { store.send(.increment) }
///         Toggle("Auto", isOn: Binding(store.binding(for: \.isAuto, send: { .setAuto($0) })))
///     }
/// }
/// ```
///
/// - **Per-field tracking.** ``state`` is an ``ObservedState``: reading `state.count` registers
///   the key path `\.count` with the host's `ObservationRegistrar`. When a new state arrives, the
///   host compares, for every field some view has read, the old value with the new one (`==` for
///   `Equatable` values) and notifies only the fields that differ. A field of a type that is not
///   `Equatable` counts as changed whenever the state does. Nested values are tracked as a whole
///   (`state.settings` changes when any part of it does); scope to them
///   (``scope(state:action:)->ObservableStore<ChildState,ChildAction>``) to track their fields
///   one by one.
/// - **Any thread sends, the main actor sees.** `send(_:)` may be called from any thread: the
///   action goes to the underlying ``Store`` at once, in order. The states the store produces
///   reach the host on the main actor, in order. A state produced on the main thread (an action
///   sent there while the store is idle: a view's button, a binding) is shown before `send`
///   returns, as with TCA's store, so a text field's binding reads back what it wrote. A state
///   produced on another thread reaches the host through a main-actor task; states produced
///   faster than the main actor takes them are coalesced (the host skips to the latest, which
///   includes all earlier actions). `try await send(action)` returns once the host shows the
///   action's state.
/// - **Scoping.** ``scope(state:action:)->ObservableStore<ChildState,ChildAction>`` and
///   ``scope(forEach:action:)->[ObservableStore<Elements.Element,ChildAction>]`` make child hosts
///   for a sub-state and for each element of an identified collection; a child keeps its
///   identity across unrelated changes and is released when its element goes.
///   ``scope(state:action:)->ObservableStore<ChildState,ChildAction>?`` makes an optional child
///   host for an optional part (a sheet's, an alert's), and
///   ``scope(forEach:action:)->[ObservableStore<Element,ElementAction>]`` one per screen of a
///   navigation stack (``StackState``).
/// - **Lists at any length.** Keep a hosted list in an ``IdentifiedArray`` (`IdentifiedArrayOf<Row>`)
///   rather than an array: a change to one row then costs the same at 10 rows and at 100,000 (no
///   copy of the list, and the changed rows known from the change; see
///   ``scope(forEach:action:)->[ObservableStore<Element,ChildAction>]``). With an array,
///   the store copies the list when a row changes while the host shows the previous state, and
///   the host scans it for the changed rows: O(rows) per change.
///
/// Keep the root host alive for as long as its views (as a `@State` of the app); child hosts
/// are owned by their parent and do not keep it alive.
@MainActor
public final class ObservableStore<State: Sendable, Action: Sendable> {
    // The per-state path (`apply`, the tracked fields, the for-each scope, the store link) is
    // `@inlinable`, and its closures are formed in the inlinable entry points users call
    // (`init(store:)`, `state.field`, `scope(forEach:action:)`), so that it runs specialised
    // for the user's types rather than looking generic metadata up at run time.

    // The mutable fields are main-actor state whose accesses never overlap (`apply` is not
    // re-entered, and iterates copies of the dictionaries): `@exclusivity(unchecked)` spares the
    // run-time check on every access of the per-state path.

    /// The state the views see; changed only by ``apply(_:)`` on the main actor.
    @exclusivity(unchecked)
    @usableFromInline var current: State
    /// The fields views have read, by the key path they read them through (rooted at `State`).
    @exclusivity(unchecked)
    @usableFromInline var tracked: [AnyKeyPath: TrackedField<State, Action>] = [:]
    /// The same fields by the identity of a key path object that read them (a literal key path
    /// is one object per call site), kept with the object so that its identity is not reused:
    /// a read finds its field without hashing the key path.
    @exclusivity(unchecked)
    @usableFromInline var trackedByObject: [ObjectIdentifier: (keyPath: AnyKeyPath, field: TrackedField<State, Action>)] = [:]
    /// Child hosts, by scope.
    @exclusivity(unchecked)
    @usableFromInline var scopes: [ScopeKey: any ChildScope<State>] = [:]
    /// Each scope's update, called with every new state (formed where the scope's type is known).
    @exclusivity(unchecked)
    @usableFromInline var scopeUpdates: [ScopeKey: (State) -> Bool] = [:]
    /// Each scope's latest `action` closure (a `ScopeEmbedding`), by scope.
    @usableFromInline var embeddings: [ScopeKey: AnyObject] = [:]
    @usableFromInline let registrar = ObservationRegistrar()
    /// Sends an action to the store, from any thread.
    @usableFromInline nonisolated let dispatchAction: @Sendable (Action) -> Void
    /// Sends an action and returns once the root host shows its state.
    @usableFromInline nonisolated let sendAction: @Sendable (Action) async throws(StoreError) -> Void
    /// The root's subscription to its store (nil for a child host).
    @usableFromInline nonisolated let link: StoreLink<State, Action>?
    /// The element's id, for a child host of a collection's element.
    @usableFromInline nonisolated let elementID: (any Hashable & Sendable)?

    /// Hosts `store` for Observation-based views.
    ///
    /// ```swift
    /// @State private var store = ObservableStore(store: Store(initialState: Counter(), reducer: counter))
    /// ```
    ///
    /// - Parameter store: The store; the host keeps it alive.
    @inlinable
    public convenience init(store: Store<State, Action>) {
        let link = StoreLink(store: store)
        self.init(
            root: store.state, link: link,
            dispatch: { action in store.dispatch(action) },
            send: { [weak link] action throws(StoreError) in
                try await store.send(action)
                await link?.refresh()
            })
        link.start(host: self)
    }

    /// A root host of `link`'s store, showing `state`.
    @usableFromInline
    init(
        root state: State,
        link: StoreLink<State, Action>,
        dispatch: @escaping @Sendable (Action) -> Void,
        send: @escaping @Sendable (Action) async throws(StoreError) -> Void
    ) {
        self.link = link
        elementID = nil
        current = state
        dispatchAction = dispatch
        sendAction = send
    }

    /// Hosts a new store made from an initial state and a reducer.
    ///
    /// ```swift
    /// let store = ObservableStore(initialState: Counter(), reducer: counter)
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - reducer: The reducer.
    @inlinable
    public convenience init(initialState: State, reducer: Reducer<State, Action>) {
        self.init(store: Store(initialState: initialState, reducer: reducer))
    }

    /// A child host: its state is given by its parent (``apply(_:)``), its actions go through
    /// `dispatch` and `send`.
    @usableFromInline
    init(
        child state: State,
        elementID: (any Hashable & Sendable)? = nil,
        dispatch: @escaping @Sendable (Action) -> Void,
        send: @escaping @Sendable (Action) async throws(StoreError) -> Void
    ) {
        self.elementID = elementID
        current = state
        dispatchAction = dispatch
        sendAction = send
        link = nil
    }

    deinit {
        link?.stop()
    }

    /// The state, read field by field: `store.state.count` (see ``ObservedState``). Reading a
    /// field in a view's body makes the view depend on that field only.
    @inlinable
    public var state: ObservedState<State, Action> {
        ObservedState(host: self)
    }

    /// The whole current state, without tracking any field (for logic, not for a view's body).
    public var currentState: State {
        current
    }

    /// Sends an action to the store. Callable from any thread; fire and forget.
    ///
    /// ```swift
    /// Button("+") { store.send(.increment) }
    /// ```
    ///
    /// - Parameter action: The action.
    @inlinable
    public nonisolated func send(_ action: Action) {
        dispatchAction(action)
    }

    /// Sends an action and returns once the host shows the state it produced (or a later one).
    ///
    /// ```swift
    /// try await store.send(.load)
    /// #expect(store.state.isLoading)
    /// ```
    ///
    /// - Parameter action: The action.
    /// - Throws: The `StoreError` that refused it (see ``Store/send(_:)``).
    public func send(_ action: Action) async throws(StoreError) {
        try await sendAction(action)
    }

    /// Shows the store's latest state now, if it is newer than the shown one (a root host; a
    /// child host shows what its parent shows). For test kits that check what views see after
    /// a change made through the ``Store`` itself.
    package func showLatestState() {
        link?.refresh()
    }

    /// Reads a field and registers the read with the registrar (the tracking of ``state``).
    @inlinable
    func read<Value>(
        _ keyPath: KeyPath<State, Value>,
        changed: @escaping (Value, Value) -> Bool
    ) -> Value {
        let field = track(
            keyPath,
            changed: {
                let reader = _UnsafeStoredField(keyPath)
                return { old, new in changed(reader.read(old), reader.read(new)) }
            }())
        guard let offset = field.offset else { return current[keyPath: keyPath] }
        return _UnsafeStoredField<State, Value>.read(current, at: offset)
    }

    /// Registers a read of `keyPath` with the registrar; `changed` tells, for a new state,
    /// whether its readers are to be invalidated (it is kept from the field's first read).
    @inlinable
    @discardableResult
    func track<Value>(_ keyPath: KeyPath<State, Value>, changed: @autoclosure () -> (State, State) -> Bool) -> TrackedField<State, Action> {
        if let known = trackedByObject[ObjectIdentifier(keyPath)] {
            known.field.access(self)
            return known.field
        }
        let field: TrackedField<State, Action>
        if let known = tracked[keyPath] {
            field = known
        } else {
            field = TrackedField(keyPath: keyPath, changed: changed())
            tracked[keyPath] = field
        }
        // Key paths made anew for each read (`appending`, say) would fill the identity table:
        // it is emptied when it outgrows the fields.
        if trackedByObject.count >= 2 &* tracked.count &+ 16 { trackedByObject.removeAll(keepingCapacity: true) }
        trackedByObject[ObjectIdentifier(keyPath)] = (keyPath, field)
        field.access(self)
        return field
    }

    /// Shows a new state: notifies the fields that changed, then updates the child hosts.
    @inlinable
    func apply(_ state: State) {
        var changed: ContiguousArray<TrackedField<State, Action>> = []
        for field in tracked.values where field.changed(current, state) {
            changed.append(field)
        }
        for field in changed { field.willSet(self) }
        current = state
        for field in changed { field.didSet(self) }
        if !scopeUpdates.isEmpty {
            for (key, update) in scopeUpdates where !update(state) {
                scopes[key] = nil
                scopeUpdates[key] = nil
            }
        }
    }
}

extension ObservableStore: Observable {}

/// A field some view read: how to tell whether it changed, and its key path from the host.
@MainActor
@usableFromInline
final class TrackedField<State: Sendable, Action: Sendable> {
    @usableFromInline let changed: (State, State) -> Bool
    @usableFromInline let access: (ObservableStore<State, Action>) -> Void
    @usableFromInline let willSet: (ObservableStore<State, Action>) -> Void
    @usableFromInline let didSet: (ObservableStore<State, Action>) -> Void
    /// The field's offset in `State` when it is stored inline (see `_UnsafeStoredField`).
    @usableFromInline let offset: Int?

    @inlinable
    init<Value>(keyPath: KeyPath<State, Value>, changed: @escaping (State, State) -> Bool) {
        offset = MemoryLayout<State>.offset(of: keyPath)
        // The registrar keys fields by key path from the host; the appended path is built once.
        let hostPath = (\ObservableStore<State, Action>.current).appending(path: keyPath)
        self.changed = changed
        access = { host in host.registrar.access(host, keyPath: hostPath) }
        willSet = { host in host.registrar.willSet(host, keyPath: hostPath) }
        didSet = { host in host.registrar.didSet(host, keyPath: hostPath) }
    }
}
