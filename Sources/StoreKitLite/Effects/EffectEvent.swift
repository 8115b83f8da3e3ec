/// One step in the life of a store's effect, delivered to the observers added with
/// ``Store/observeEffectEvents(_:)``: an effect started, sent an action back, finished, failed or
/// was cancelled.
///
/// ```swift
/// store.observeEffectEvents { event in
///     switch event.kind {
///     case .started: print("effect \(event.effect!) \(event.name ?? "") started by \(event.cause)")
///     case .sent(let action): print("it sent", action)
///     case .finished, .failed, .cancelled: print("effect \(event.effect!) ended:", event.kind)
///     }
/// }
/// ```
///
/// The effects are those a store counts as in flight (``Store/effectsInFlight``): a FeedbackLoop
/// feedback's per-state effects, signals marked `trackedAsEffect(named:)`, ``Store/run(_:)`` and
/// action creators. An attachment itself (``Store/attach(effect:named:)``) is not one; the actions
/// it sends back are reported as ``Kind/sent(_:)`` events all the same.
public struct EffectEvent<Action: Sendable>: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// The effect started.
        case started
        /// An action was sent back to the store (before it is queued: it may still be dropped by
        /// a middleware or refused by the reducer, which the store's updates tell).
        case sent(Action)
        /// The effect's signal completed.
        case finished
        /// The effect's signal failed, with this description of the error.
        case failed(String)
        /// The effect was disposed before it ended: cancelled by its identifier, its action's
        /// task, a newer state (a feedback's `flatMapLatest`), ``Store/cancelAllEffects()`` or the
        /// store going away.
        case cancelled
    }

    /// The effect, unique in its store; `nil` only for a ``Kind/sent(_:)`` whose sender is not
    /// known (see ``cause``).
    public var effect: EffectID?
    /// The effect's name (the name its feedback was attached with, the one given to
    /// `trackedAsEffect(named:)`, or `effect <id>` for ``Store/run(_:id:cancelInFlight:)``).
    public var name: String?
    /// What started the effect: for ``Kind/sent(_:)`` without a known effect, what the attached
    /// effect that sent it was reacting to.
    public var cause: EffectCause
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - effect: The effect.
    ///   - name: Its name.
    ///   - cause: What started it.
    ///   - kind: What happened.
    public init(effect: EffectID?, name: String?, cause: EffectCause, kind: Kind) {
        self.effect = effect
        self.name = name
        self.cause = cause
        self.kind = kind
    }
}

extension EffectEvent.Kind: Equatable where Action: Equatable {}
extension EffectEvent: Equatable where Action: Equatable {}

/// The identity of one effect of a store, unique among that store's effects.
public struct EffectID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number: effects are numbered from 1 in the order they start.
    public var rawValue: UInt64

    /// Creates an identity.
    ///
    /// - Parameter rawValue: The number.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `effect 12`.
    public var description: String { "effect \(rawValue)" }

    /// Compares by number (by start order).
    public static func < (lhs: EffectID, rhs: EffectID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What started an effect of a store.
public enum EffectCause: Hashable, Sendable {
    /// An attached effect reacted to the state of the store update with this number
    /// (`StoreUpdate.sequence`: 0 is the initial state, then one per reduced or refused action).
    case update(sequence: UInt64)
    /// The effect was started while another effect delivered an element (a follow-up effect).
    case effect(EffectID)
    /// Not known: started outside a hand-over of a state (say, by `run(_:)` called from a
    /// task), or while nobody observed.
    case unknown
}
