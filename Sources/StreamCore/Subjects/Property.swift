/// A read-only, observable value: the common surface of ``Property`` and ``AnyProperty``.
public protocol PropertyProtocol<Value>: SignalProtocol where Element == Value, Error == Never {
    /// The type of the value.
    associatedtype Value
    /// The current value.
    var value: Value { get }
}

/// Mutable state that can be observed: observers receive the current value first, then every
/// change.
///
/// ```swift
/// let name = Property("Jim")
/// name.observeNext { print("Hi \($0)!") }   // prints "Hi Jim!"
/// name.value = "Jim Kirk"                   // prints "Hi Jim Kirk!"
/// ```
///
/// Thread safety: `value` may be read and written from any thread. Writes are ordered: the last
/// value observers receive is the value `value` returns once writers are done. Observers are
/// never called while the property's lock is held, so an observer may read or set the property
/// (a set from inside an observer is delivered after the current one returns). When the property
/// is deallocated its observers receive `.completed`.
public final class Property<Value>: PropertyProtocol, ObserverProtocol, Sendable {
    /// The element type, the same as `Value`.
    public typealias Element = Value
    /// A property never fails.
    public typealias Error = Never

    @usableFromInline
    let core: SubjectCore<Value, Never>

    /// Creates a property holding `value`.
    public init(_ value: Value) {
        core = SubjectCore(replay: 1, initial: value, tracksLatest: true)
    }

    /// The current value; setting it notifies every observer.
    public var value: Value {
        get {
            // Always set: the core is created with an initial value and `latest` is never cleared.
            core.latest!
        }
        set { core.send(.next(newValue)) }
    }

    /// Sets the value from a `.next` event; terminal events are ignored (a property never ends
    /// while it exists).
    @inlinable
    public func on(_ event: Signal<Value, Never>.Event) {
        if case .next(let element) = event { core.send(.next(element)) }
    }

    /// Registers an observer; it receives the current value first.
    @inlinable
    public func observe(with observer: @escaping @Sendable (Signal<Value, Never>.Event) -> Void) -> any Disposable {
        core.observe(observer)
    }

    /// Registers an observer of the elements only; terminal events end the observation.
    ///
    /// The same as the ``SignalProtocol`` form, without a closure allocated to wrap `observer`.
    @inlinable
    @discardableResult
    public func observeNext(with observer: @escaping @Sendable (Value) -> Void) -> any Disposable {
        core.observeElements(observer)
    }

    /// A read-only view of this property.
    public var readOnlyView: AnyProperty<Value> {
        AnyProperty(self)
    }

    deinit {
        core.send(.completed)
        core.close()
    }
}

/// A read-only view of a property: it can be read and observed, not set.
///
/// ```swift
/// final class Session {
///     private let _user = Property<String?>(nil)
///     var user: AnyProperty<String?> { _user.readOnlyView }
/// }
/// ```
public final class AnyProperty<Value>: PropertyProtocol, Sendable {
    /// The element type, the same as `Value`.
    public typealias Element = Value
    /// A property never fails.
    public typealias Error = Never

    private let getter: @Sendable () -> Value
    @usableFromInline
    let source: Signal<Value, Never>

    /// Creates a read-only view of `property`, which it keeps alive.
    public init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
        getter = { property.value }
        source = property.toSignal()
    }

    /// The current value.
    public var value: Value { getter() }

    /// Registers an observer; it receives the current value first.
    @inlinable
    public func observe(with observer: @escaping @Sendable (Signal<Value, Never>.Event) -> Void) -> any Disposable {
        source.observe(with: observer)
    }
}
