extension Reducer {
    /// A reducer that leaves the state exactly as it was when this reducer refuses an action,
    /// even if it changed the state before throwing.
    ///
    /// ```swift
    /// // Each part may refuse after an earlier one changed the state.
    /// let checkout = Reducer.combine(reserveStock, chargeCard, recordOrder).restoringStateOnRefusal()
    /// ```
    ///
    /// In-place reducers are expected to throw before they change anything (a store then needs
    /// no copy of the state per action). Wrap a reducer that may refuse after changing the state
    /// (a combination of reducers, a validation in the middle of an update) with this method: it
    /// keeps the state it was given and puts it back when the reducer throws, so the store's
    /// state, its observers and its journal all see the refused action change nothing.
    ///
    /// - Complexity: Keeping the state before each action shares its collections, so a
    ///   collection the reducer then changes in place is copied: O(n) per action in the size of
    ///   what the action changes, instead of O(1). Prefer throwing before changing anything where
    ///   you can; `TestStore` reports a refused action that changed the state.
    /// - Returns: The reducer, with its refusals made atomic.
    public func restoringStateOnRefusal() -> Reducer {
        let reduce = self.reduce
        return Reducer(mutating: { (state: inout State, action: Action) throws(StoreError) in
            let saved = state
            do throws(StoreError) {
                try reduce(&state, action)
            } catch {
                state = saved
                throw error
            }
        })
    }
}
