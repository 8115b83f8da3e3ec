/// An object that tells, through a signal, when it is deallocated: a target you can bind to.
///
/// Marble: `deallocated` is `-----|` (completes when the object goes away)
///
/// ```swift
/// final class Avatar: Deallocatable {
///     let bag = DisposeBag()
///     var deallocated: Signal<Void, Never> { bag.deallocated }
/// }
/// ```
///
/// The easiest way to conform is ``DisposeBagProvider``: provide a `bag` and the signal comes
/// from it. The signal must not keep the object alive.
public protocol Deallocatable: AnyObject {
    /// A signal that sends `.completed` when the receiver is deallocated.
    ///
    /// Marble: `-----|`
    var deallocated: Signal<Void, Never> { get }
}

/// An object that owns a ``DisposeBag``; it is ``Deallocatable`` out of the box.
///
/// Marble: `deallocated` is `-----|` (completes when the bag, and so the object, goes away)
///
/// ```swift
/// final class ProfileModel: DisposeBagProvider {
///     let bag = DisposeBag()
/// }
/// names.bind(to: model, context: .main) { model, name in model.title = name }
/// ```
public protocol DisposeBagProvider: Deallocatable {
    /// A bag for the observations and bindings that should end with the receiver.
    var bag: DisposeBag { get }
}

extension DisposeBagProvider {
    /// The bag's ``DisposeBag/deallocated`` signal: it completes when the receiver (which owns
    /// the bag) is deallocated.
    ///
    /// Marble: `-----|`
    public var deallocated: Signal<Void, Never> {
        bag.deallocated
    }
}

/// An object that says in which execution context bindings should update it.
///
/// Marble: `-a-b|` bound to the target → `-a-b` delivered in `bindingExecutionContext`
///
/// ```swift
/// extension ProfileModel: BindingExecutionContextProvider {
///     var bindingExecutionContext: ExecutionContext { .immediateOnMain }
/// }
/// names.bind(to: model) { model, name in model.title = name }   // on the main thread
/// ```
public protocol BindingExecutionContextProvider {
    /// The context in which bindings deliver elements to the receiver.
    var bindingExecutionContext: ExecutionContext { get }
}
