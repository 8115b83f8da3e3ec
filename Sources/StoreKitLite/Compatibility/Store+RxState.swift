extension Store {
    /// RxState's spelling of ``dispatch(_:)-(Action)``.
    ///
    /// - Parameter action: The action.
    @inlinable
    public func dispatch(action: Action) {
        dispatch(action)
    }
}
