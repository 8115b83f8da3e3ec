extension Reducer {
    /// Runs a navigation stack for this reducer (TCA's `forEach(_:action:destination:)` with a
    /// `StackState`): each screen's actions reach `destination` with that screen's state, and
    /// the stack's pushes and pops change the stack.
    ///
    /// ```swift
    /// let contacts = Reducer<Contacts, ContactsAction>(mutating: { contacts, action in
    ///     switch action {
    ///     case .open(let contact): contacts.path.append(.detail(contact))        // push
    ///     case .popToRoot: contacts.path.removeAll()                              // pop to the root
    ///     case .path(.element(let id, .detail(.close))): contacts.path.pop(from: id)  // dismissed by the screen
    ///     case .path: break
    ///     }
    /// })
    /// .forEach(\.path, action: { if case .path(let action) = $0 { action } else { nil } }, destination: screen)
    /// ```
    ///
    /// For an action `action` extracts as a ``StackAction`` (in TCA's order):
    /// - ``StackAction/element(id:action:)``: `destination` reduces the screen with `id` in place,
    ///   then this reducer sees the action (to push, pop or change other parts when a screen
    ///   asks it to).
    /// - ``StackAction/popFrom(id:)``: this reducer sees the action with the stack unchanged, then
    ///   the screen `id` and those above it are popped.
    /// - ``StackAction/push(state:)``: the screen is appended with the stack's next id, then this
    ///   reducer sees the action; if it refuses the action, the push is undone.
    ///
    /// Any other action goes to this reducer alone.
    ///
    /// An element action or a pop for an id no longer on the stack (a screen that a view kept
    /// after it was popped) is refused with ``StoreError/rejected(_:)``, before anything
    /// changes: a `TestStore` test fails on it, and a store publishes the refusal (TCA reports
    /// these as runtime warnings). When `destination` changes a screen and this reducer then
    /// refuses the action, the screen's change stays, as in ``combine(_:)-(Reducer<State,Action>...)``; use
    /// ``restoringStateOnRefusal()`` for atomic refusals.
    ///
    /// - Parameters:
    ///   - stack: Where the stack lives in the state.
    ///   - toStackAction: Extracts a stack action from an action (a case of the action enum), or
    ///     nil for other actions.
    ///   - destination: The reducer of a screen's state and actions (for several kinds of
    ///     screens, an enum state reduced case by case).
    /// - Returns: A reducer that runs this one and the stack's screens.
    public func forEach<ElementState, ElementAction>(
        _ stack: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
        action toStackAction: @escaping @Sendable (Action) -> StackAction<ElementState, ElementAction>?,
        destination: Reducer<ElementState, ElementAction>
    ) -> Reducer {
        let parent = reduce
        let screen = destination.reduce
        return Reducer(mutating: { (state: inout State, action: Action) throws(StoreError) in
            guard let stackAction = toStackAction(action) else {
                try parent(&state, action)
                return
            }
            switch stackAction {
            case .element(let id, let elementAction):
                let reduced: Void? = try state[keyPath: stack].modify(id: id) { (element: inout ElementState) throws(StoreError) in
                    try screen(&element, elementAction)
                }
                guard reduced != nil else { throw StoreError.rejected("StackAction.element: no screen \(id) on the stack") }
                try parent(&state, action)
            case .popFrom(let id):
                guard state[keyPath: stack].ids.contains(id) else {
                    throw StoreError.rejected("StackAction.popFrom: no screen \(id) on the stack")
                }
                try parent(&state, action)
                state[keyPath: stack].pop(from: id)
            case .push(let element):
                let pushed = state[keyPath: stack].nextID
                state[keyPath: stack].append(element)
                do throws(StoreError) {
                    try parent(&state, action)
                } catch {
                    state[keyPath: stack].undoPush(pushed)
                    throw error
                }
            }
        })
    }
}
