/// A value that stands for a spin, so that it can be started like one: a ``Spin`` itself, or a
/// host decorating one (``UISpin``, ``ObservableSpin``).
///
/// ```swift
/// let disposable = Signal.start(spin: uiSpin)   // runs uiSpin.spin, rendering included
/// ```
public protocol SpinConvertible<State, Event> {
    /// The state of the loop.
    associatedtype State
    /// The events of the loop.
    associatedtype Event

    /// The spin to run.
    var spin: Spin<State, Event> { get }
}
