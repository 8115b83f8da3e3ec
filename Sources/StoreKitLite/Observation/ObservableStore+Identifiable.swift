extension ObservableStore: Identifiable {
    /// The host's identity, for `ForEach`: a row's child host (``scope(forEach:action:)->[ObservableStore<Elements.Element,ChildAction>]``) is
    /// identified by its element's `id`; any other host by the object itself.
    public nonisolated var id: AnyHashable {
        elementID.map { AnyHashable($0) } ?? AnyHashable(ObjectIdentifier(self))
    }
}
