public import StreamCore

/// A mediator through which feedback loops talk to each other (Spin's `Gear`).
///
/// A gear is a bus of its own events: feedbacks attached to it push events into it from the
/// states of one loop, and feedbacks attached to it in another loop turn its events into that
/// loop's events. Events are delivered synchronously, on the thread that propagates them, to the
/// feedbacks attached at that moment (a gear does not replay past events).
///
/// ```swift
/// enum GearEvent: Equatable, Sendable { case authorizationIssueHappened }
/// let gear = Gear<GearEvent>()
///
/// // the feature loop pushes into the gear…
/// let push = Feedback<FeatureState, FeatureEvent>(
///     attachedTo: gear, catching: .unauthorized, propagating: .authorizationIssueHappened
/// )
/// // …and the authorization loop reacts to it
/// let pull = Feedback<AuthState, AuthEvent>(
///     attachedTo: gear, catching: .authorizationIssueHappened, emitting: .checkAuthorization
/// )
/// ```
public final class Gear<Event: Sendable>: Sendable {
    let subject = PassthroughSubject<Event, Never>()

    /// Creates a gear with no attached feedback.
    ///
    /// ```swift
    /// let gear = Gear<GearEvent>()
    /// ```
    public init() {}

    /// The gear's events, as they are propagated (hot: no replay).
    ///
    /// ```swift
    /// gear.eventStream.observeNext { event in log(event) }
    /// ```
    public var eventStream: Signal<Event, Never> {
        subject.toSignal()
    }

    /// Sends an event to everything attached to the gear.
    ///
    /// ```swift
    /// gear.propagate(.authorizationIssueHappened)
    /// ```
    ///
    /// - Parameter event: The event to propagate.
    public func propagate(_ event: Event) {
        subject.send(event)
    }

    /// How many observers (attached feedbacks of running loops, or others) the gear has.
    public var attachmentCount: Int {
        subject.observerCount
    }
}
