/// A namespace for subscriber-related types, named as in Combine.
public enum Subscribers {
    /// How a signal ended: successfully, or with an error.
    ///
    /// The same shape as Combine's `Subscribers.Completion`; code that imports both modules can
    /// write `StreamCore.Subscribers.Completion` to pick this one.
    public enum Completion<Failure: Swift.Error> {
        /// The signal completed successfully.
        case finished
        /// The signal failed with the error.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Sendable {}
extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
