import Synchronization

/// What a thread is feeding while ``EffectScope`` is set, boxed so that a thread-local can point
/// at it: an attached effect of a store (its name, and the store update it is being handed), or
/// a tracked effect whose element is being forwarded (its token and its own origin).
///
/// A store makes one label per attached effect and writes the update's number into it before
/// each hand-over (the hand-overs of one attachment are serial); a tracked effect gets a label
/// only while someone observes its group's lifecycle (``EffectGroup/isObserved``).
package final class EffectLabel: Sendable {
    /// The attached effect's name, for reports; `nil` for a forwarding label.
    package let name: String?
    /// The tracked effect whose element is being forwarded (its token), 0 for an attachment's
    /// label.
    package let effect: UInt64
    /// What started that effect (a forwarding label).
    package let origin: EffectOrigin
    /// The number of the store update being handed over, plus one (0: none yet).
    private let update = Atomic<UInt64>(0)

    /// The label of an attached effect.
    package init(name: String?) {
        self.name = name
        effect = 0
        origin = .none
    }

    /// The label of a tracked effect's forwarding.
    package init(effect: UInt64, origin: EffectOrigin) {
        name = nil
        self.effect = effect
        self.origin = origin
    }

    /// Records the store update about to be handed over (an attachment's label).
    @inline(__always)
    package func handing(update sequence: UInt64) {
        update.store(sequence &+ 1, ordering: .relaxed)
    }

    /// The origin of an effect started while this label is current.
    package var originOfEffectsStartedHere: EffectOrigin {
        if effect != 0 { return .effect(effect) }
        let sequence = update.load(ordering: .relaxed)
        return sequence == 0 ? .none : .update(sequence &- 1)
    }

    /// The origin of an element sent while this label is current: the forwarded effect's own
    /// origin, or the update handed to the attachment.
    package var originOfElementsSentHere: EffectOrigin {
        effect != 0 ? origin : originOfEffectsStartedHere
    }
}

/// What caused a tracked effect to start, or an element to be sent back to a store.
package enum EffectOrigin: Sendable, Hashable {
    /// Not known (started outside any hand-over, or before anyone observed).
    case none
    /// The store update with this number was being handed to an attached effect.
    case update(UInt64)
    /// The tracked effect with this token was forwarding an element.
    case effect(UInt64)
}

/// How a tracked effect ended.
package enum EffectEnd: Sendable {
    /// Its signal completed.
    case finished
    /// Its signal failed with this error.
    case failed(any Error)
    /// It was disposed before it ended: cancelled (by its group, an identifier, a newer state, or
    /// the store going away).
    case cancelled
}

/// One step in a tracked effect's life, as ``EffectGroup`` reports it to its lifecycle observers.
package enum EffectLifecycleEvent: Sendable {
    /// An effect started (its token is unique in its root group).
    case started(token: UInt64, name: String?, origin: EffectOrigin)
    /// An effect ended.
    case ended(token: UInt64, name: String?, origin: EffectOrigin, end: EffectEnd)
    /// An element was sent back to the store while the effect with this token (or 0: none
    /// known) was current on the sending thread.
    case sent(token: UInt64, origin: EffectOrigin, element: any Sendable)
}
