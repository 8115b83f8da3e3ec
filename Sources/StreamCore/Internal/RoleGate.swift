public import Synchronization

/// The atomic in front of an engine's locked ``DeliveryRole``: who holds the delivery role, and
/// whether the holder may give it back without the lock.
///
/// One type for every engine that has the device (subjects, ``Junction``, the store's dispatch);
/// what each case allows differs per engine and is written on the engine's `gate` property:
/// subjects and the store take the role lock-free from `idle`, a junction takes it under its lock
/// and only gives it back lock-free. In every engine, a holder that sees `held` gives the role
/// back with one compare-and-swap (`held` → `idle`), and a thread that queues work behind the
/// holder first turns `held` into `locked`, so that the holder comes to the lock for the queue.
@usableFromInline
package enum RoleGate: UInt8, AtomicRepresentable, Sendable {
    /// Nobody holds the role lock-free; in the junction, the holder gave it back lock-free (the
    /// locked role's `delivering` then means idle).
    case idle
    /// A thread holds the role and nothing was queued behind it: it gives the role back with a
    /// compare-and-swap to `idle`.
    case held
    /// The locked role says who delivers: work was queued behind a holder, a lock holder is
    /// changing what the role guards, or the engine closed.
    case locked
}
