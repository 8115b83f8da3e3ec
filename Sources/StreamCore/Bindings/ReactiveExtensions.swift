/// A namespace for reactive extensions of a type: `object.reactive.…`, as in ReactiveKit.
///
/// Marble: (not an operator) `myViewController.reactive.viewDidAppear` is, say, `-v--v-`
///
/// Write extensions on ``ReactiveExtensions`` constrained by `Base`, and call them through
/// ``ReactiveExtensionsProvider/reactive-swift.property``:
///
/// ```swift
/// final class MyViewController: ReactiveExtensionsProvider {
///     fileprivate let _viewDidAppear = PassthroughSubject<Void, Never>()
/// }
/// extension ReactiveExtensions where Base: MyViewController {
///     var viewDidAppear: SafeSignal<Void> { base._viewDidAppear.toSignal() }
/// }
/// myViewController.reactive.viewDidAppear.observeNext { print("appeared") }
/// ```
public struct Reactive<Base> {
    /// The extended value.
    public let base: Base

    /// Wraps `base` so that its reactive extensions can be reached.
    ///
    /// - Parameter base: The extended value.
    public init(_ base: Base) {
        self.base = base
    }
}

extension Reactive: Sendable where Base: Sendable {}

/// What reactive extensions are written on: `extension ReactiveExtensions where Base: MyType`.
///
/// Marble: (not an operator) extensions return signals such as `-a-b-`
///
/// ``Reactive`` is its only conformance; extending the protocol rather than the struct keeps the
/// spelling users know from ReactiveKit.
///
/// ```swift
/// extension ReactiveExtensions where Base: Counter {
///     var count: SafeSignal<Int> { base.subject.toSignal() }
/// }
/// ```
public protocol ReactiveExtensions {
    /// The extended type.
    associatedtype Base
    /// The extended value.
    var base: Base { get }
}

extension Reactive: ReactiveExtensions {}

/// A type whose values (and the type itself) have a ``Reactive`` namespace: `.reactive`.
///
/// Marble: (not an operator) `value.reactive.someSignal` is, say, `-a-b-`
///
/// ```swift
/// final class Counter: ReactiveExtensionsProvider { … }
/// counter.reactive.count.observeNext { print($0) }
/// ```
public protocol ReactiveExtensionsProvider {}

extension ReactiveExtensionsProvider {
    /// The reactive extensions of this value.
    ///
    /// Marble: (not an operator)
    public var reactive: Reactive<Self> {
        Reactive(self)
    }

    /// The reactive extensions of this type (for static extensions,
    /// `extension ReactiveExtensions where Base == MyType.Type`).
    ///
    /// Marble: (not an operator)
    public static var reactive: Reactive<Self.Type> {
        Reactive(self)
    }
}
