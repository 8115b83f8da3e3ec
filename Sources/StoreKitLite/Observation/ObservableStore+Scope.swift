import StreamCore

/// Identifies a scope of a host: the key path it scopes to, the child's action type and the kind
/// of scope (a host of an optional part and an optional host of the same part are two scopes).
@usableFromInline
struct ScopeKey: Hashable {
    @usableFromInline let keyPath: AnyKeyPath
    @usableFromInline let action: ObjectIdentifier
    @usableFromInline let kind: ObjectIdentifier

    @inlinable
    init(keyPath: AnyKeyPath, action: ObjectIdentifier, kind: ObjectIdentifier) {
        self.keyPath = keyPath
        self.action = action
        self.kind = kind
    }
}

/// A parent's link to its child hosts for one scope.
@MainActor
@usableFromInline
protocol ChildScope<Parent> {
    associatedtype Parent
    /// Hands the parent's new state to the children; false when the scope should be dropped.
    func update(_ state: Parent) -> Bool
}

extension ObservableStore {
    /// A child host for a part of the state: its state is `state`'s value, its actions are
    /// wrapped by `action` and sent here.
    ///
    /// ```swift
    /// let settings = store.scope(state: \.settings, action: { .settings($0) })
    /// Toggle("Sound", isOn: Binding(settings.binding(for: \.sound, send: { .setSound($0) })))
    /// ```
    ///
    /// The child is made once per key path and action type and kept by this host, so every call
    /// returns the same child. Each call gives the scope its `action`, which the child uses from
    /// then on (a closure that captures a value of the latest render sends that value). Two
    /// scopes of the same key path and action type share the child and its latest `action`: to
    /// route the same part's actions two ways, scope two key paths. The child's readers are
    /// invalidated by changes to the fields they read within the part only.
    ///
    /// - Parameters:
    ///   - state: The part of the state.
    ///   - action: Wraps a child action into an action of this store.
    /// - Returns: The child host.
    public func scope<ChildState: Sendable, ChildAction: Sendable>(
        state: KeyPath<State, ChildState>,
        action: @escaping @Sendable (ChildAction) -> Action
    ) -> ObservableStore<ChildState, ChildAction> {
        cachedScope(state, ChildAction.self, action: action) { action, dispatch, send in
            StateScope(
                keyPath: state,
                child: ObservableStore<ChildState, ChildAction>(
                    child: current[keyPath: state],
                    dispatch: { dispatch(action.current($0)) },
                    send: { childAction throws(StoreError) in try await send(action.current(childAction)) }
                ))
        }.child
    }

    /// Child hosts for the elements of an identified collection, in the collection's order: one
    /// per element, kept while the element (by its `id`) is in the collection.
    ///
    /// ```swift
    /// ForEach(store.scope(forEach: \.rows, action: { .row($0, $1) })) { row in
    ///     RowView(store: row)
    /// }
    /// ```
    ///
    /// A row's child keeps its identity across changes to other rows and fields, and is released
    /// (by this host) when its element leaves the collection. Each call gives the scope its
    /// `action`, which the children use from then on. The reading view depends on the
    /// collection's identifiers (which rows, in which order), not on the rows' contents: a change
    /// inside one row invalidates only the readers of that row's child.
    ///
    /// - Parameters:
    ///   - elements: The collection.
    ///   - action: Wraps an element's action, with the element's id, into an action of this store.
    /// - Returns: The child hosts, in the collection's order.
    /// For a collection that changes one row at a time while the host shows it, prefer an
    /// ``IdentifiedArray`` (its own overload, O(changed) per change at any length): a plain
    /// array is copied by the store when a row changes while the host shows the previous state,
    /// and scanned here.
    ///
    /// - Complexity: O(1) per call (the array is kept). A new state costs O(1) here when its
    ///   collection shares the shown one's storage (an unrelated change); otherwise one byte scan
    ///   of the collection (`memcmp`, no user code) finds the elements that differ, and only
    ///   their children are handed the new element and compare the fields their views read:
    ///   O(changed) children, not O(n). Elements that came, went or moved (or a collection
    ///   without contiguous storage) make the scope reconcile its children, O(n).
    @inlinable
    public func scope<Elements: RandomAccessCollection & Sendable, ChildAction: Sendable>(
        forEach elements: KeyPath<State, Elements>,
        action: @escaping @Sendable (Elements.Element.ID, ChildAction) -> Action
    ) -> [ObservableStore<Elements.Element, ChildAction>]
    where Elements.Element: Identifiable & Sendable, Elements.Element.ID: Sendable {
        scope(forEach: elements, action: action, differ: .scanning)
    }

    /// The for-each scope of `elements`, comparing collections with `differ`.
    @inlinable
    func scope<Elements: RandomAccessCollection & Sendable, ChildAction: Sendable>(
        forEach elements: KeyPath<State, Elements>,
        action: @escaping @Sendable (Elements.Element.ID, ChildAction) -> Action,
        differ: @autoclosure () -> CollectionDiffer<Elements>
    ) -> [ObservableStore<Elements.Element, ChildAction>]
    where Elements.Element: Identifiable & Sendable, Elements.Element.ID: Sendable {
        let scope = cachedScope(elements, ChildAction.self, action: action) { action, dispatch, send in
            ForEachScope(
                keyPath: elements,
                elements: current[keyPath: elements],
                differ: differ(),
                dispatch: { id, childAction in dispatch(action.current(id, childAction)) },
                send: { id, childAction throws(StoreError) in try await send(action.current(id, childAction)) }
            )
        }
        // The reader depends on the identifiers only: the scope tells whether they changed (it
        // compares the new collection with the shown one once per state; see `ElementChanges`).
        // The old state's collection is the one the scope shows.
        track(scope.identifiersKeyPath) { [weak scope] _, new in
            guard let scope else { return true }
            return scope.identifiersChange(to: scope.field.read(new))
        }
        return scope.ordered
    }
}

extension ObservableStore {
    /// The scope kept for a key path, child action type and kind of scope, made by `make` on the
    /// first call (which gets the scope's `ScopeEmbedding`, to wrap the children's actions with,
    /// and this host's dispatch and send). Every call hands `action` to the scope's embedding.
    @inlinable
    func cachedScope<Scope: ChildScope<State>, Part, ChildAction, Embed: Sendable>(
        _ keyPath: KeyPath<State, Part>,
        _ childAction: ChildAction.Type,
        action: Embed,
        make: (
            _ action: ScopeEmbedding<Embed>,
            _ dispatch: @escaping @Sendable (Action) -> Void,
            _ send: @escaping @Sendable (Action) async throws(StoreError) -> Void
        ) -> Scope
    ) -> Scope {
        let key = ScopeKey(keyPath: keyPath, action: ObjectIdentifier(ChildAction.self), kind: ObjectIdentifier(Scope.self))
        if let existing = scopes[key] as? Scope, let embedding = embeddings[key] as? ScopeEmbedding<Embed> {
            embedding.replace(with: action)
            return existing
        }
        let embedding = ScopeEmbedding(action)
        let scope = make(embedding, dispatchAction, sendAction)
        scopes[key] = scope
        embeddings[key] = embedding
        // Formed here, where `Scope` is known (specialised when the caller is): `apply` calls it
        // rather than the scope's generic witness.
        scopeUpdates[key] = { state in scope.update(state) }
        return scope
    }
}

extension RandomAccessCollection where Element: Identifiable {
    /// The identifiers in order: what a list of scoped rows depends on.
    @inlinable
    var scopeIdentifiers: [Element.ID] {
        map(\.id)
    }
}

/// The child of a sub-state scope.
@MainActor
final class StateScope<Parent: Sendable, ChildState: Sendable, ChildAction: Sendable>: ChildScope {
    let keyPath: KeyPath<Parent, ChildState>
    let child: ObservableStore<ChildState, ChildAction>

    init(keyPath: KeyPath<Parent, ChildState>, child: ObservableStore<ChildState, ChildAction>) {
        self.keyPath = keyPath
        self.child = child
    }

    func update(_ state: Parent) -> Bool {
        child.apply(state[keyPath: keyPath])
        return true
    }
}

/// The children of a for-each scope, by element id.
@MainActor
@usableFromInline
final class ForEachScope<Parent: Sendable, Elements: RandomAccessCollection & Sendable, ChildAction: Sendable>: ChildScope
where Elements.Element: Identifiable & Sendable, Elements.Element.ID: Sendable {
    @usableFromInline typealias ID = Elements.Element.ID
    @usableFromInline typealias Child = ObservableStore<Elements.Element, ChildAction>
    @usableFromInline let keyPath: KeyPath<Parent, Elements>
    /// Reads the collection from a parent's state.
    @usableFromInline let field: _UnsafeStoredField<Parent, Elements>
    /// The field a reader of the scope tracks: the identifiers, in order (made once, so that the
    /// reader's tracking finds it by identity).
    @usableFromInline let identifiersKeyPath: KeyPath<Parent, [ID]>
    @usableFromInline let differ: CollectionDiffer<Elements>
    @usableFromInline let dispatch: @Sendable (ID, ChildAction) -> Void
    @usableFromInline let send: @Sendable (ID, ChildAction) async throws(StoreError) -> Void
    /// The collection the children show (compared with each new one; see `ElementChanges`).
    @exclusivity(unchecked)
    @usableFromInline var shown: Elements
    @exclusivity(unchecked)
    @usableFromInline var elementIDs: [ID] = []
    @exclusivity(unchecked)
    @usableFromInline var children: [ID: Child] = [:]
    /// The children in the collection's order (what `scope(forEach:action:)` returns).
    @exclusivity(unchecked)
    @usableFromInline var ordered: [Child] = []
    /// The last comparison, for the new collection it was made with: the identifiers' tracked
    /// field asks first, `update` then uses the same answer. Cleared by `update`.
    @exclusivity(unchecked)
    @usableFromInline var compared: (elements: Elements, changes: ElementChanges<Elements.Element>)?
    /// How many children were handed a new element by `update` (tests check it is O(changed)).
    @exclusivity(unchecked)
    @usableFromInline var childUpdates = 0
    /// How many times `update` reconciled all the children (elements came, went or moved).
    @exclusivity(unchecked)
    @usableFromInline var reconciliations = 0

    @usableFromInline
    init(
        keyPath: KeyPath<Parent, Elements>,
        elements: Elements,
        differ: CollectionDiffer<Elements>,
        dispatch: @escaping @Sendable (ID, ChildAction) -> Void,
        send: @escaping @Sendable (ID, ChildAction) async throws(StoreError) -> Void
    ) {
        self.keyPath = keyPath
        field = _UnsafeStoredField(keyPath)
        identifiersKeyPath = keyPath.appending(path: \.scopeIdentifiers)
        self.differ = differ
        self.dispatch = dispatch
        self.send = send
        shown = elements
        reconcile(elements)
    }

    /// How `elements` differs from the shown collection, compared once per new collection.
    @inlinable
    func changes(to elements: Elements) -> ElementChanges<Elements.Element> {
        if let compared, differ.isIdentical(compared.elements, elements) { return compared.changes }
        // With duplicate identifiers, positions do not map to children: reconcile.
        let changes: ElementChanges<Elements.Element> =
            elementIDs.count == shown.count ? differ.changes(shown, elements) : .identifiers
        compared = (elements, changes)
        return changes
    }

    /// Whether the identifiers (which elements, in which order) differ between the shown
    /// collection and `new` (the tracked field of the list's reader).
    @inlinable
    func identifiersChange(to new: Elements) -> Bool {
        switch changes(to: new) {
        case .none, .contents: return false
        case .identifiers: return !shown.map(\.id).elementsEqual(new.map(\.id))
        }
    }

    @inlinable
    func update(_ state: Parent) -> Bool {
        let elements = field.read(state)
        let changes = changes(to: elements)
        compared = nil
        switch changes {
        case .none:
            shown = elements
        case .contents(let changed):
            shown = elements
            for element in changed {
                guard let child = children[element.id] else { continue }
                childUpdates &+= 1
                child.apply(element)
            }
        case .identifiers:
            shown = elements
            reconciliations &+= 1
            reconcile(elements)
        }
        return true
    }

    /// Updates the children of elements still there, makes children for new ones, and drops
    /// those whose element left.
    @usableFromInline
    func reconcile(_ elements: Elements) {
        var next: [ID: Child] = [:]
        next.reserveCapacity(elements.count)
        var ids: [ID] = []
        ids.reserveCapacity(elements.count)
        var order: [Child] = []
        order.reserveCapacity(elements.count)
        for element in elements {
            let id = element.id
            guard next[id] == nil else { continue }  // a duplicate id: the first element wins
            ids.append(id)
            let child: Child
            if let existing = children[id] {
                existing.apply(element)
                child = existing
            } else {
                let (dispatch, send) = (self.dispatch, self.send)
                child = ObservableStore(
                    child: element,
                    elementID: id,
                    dispatch: { dispatch(id, $0) },
                    send: { action throws(StoreError) in try await send(id, action) }
                )
            }
            next[id] = child
            order.append(child)
        }
        elementIDs = ids
        children = next
        ordered = order
    }
}

/// Whether two collections are the same storage (an array the store did not change): O(1).
/// Sound for value collections (Array, ContiguousArray…): the shown one is retained, so its
/// buffer is neither freed nor changed in place while it is compared.
@usableFromInline
func sharesStorage<Elements: RandomAccessCollection>(_ old: Elements, _ new: Elements) -> Bool {
    guard old.count == new.count else { return false }
    let oldBase = old.withContiguousStorageIfAvailable { $0.baseAddress }
    let newBase = new.withContiguousStorageIfAvailable { $0.baseAddress }
    guard let oldBase, let newBase else { return false }
    return oldBase == newBase
}
