/// Schedules the next turn of a drain without recursing when a context runs work synchronously.
///
/// A drain that yields hands its role to a new piece of work in the context. When the context
/// runs that work at once, on the calling thread (``ExecutionContext/immediateOnMain`` on the
/// main thread, or a custom synchronous context), running the drain there would recurse once per
/// turn; instead the work only records that it ran, and the caller continues its loop.
@usableFromInline
package final class TurnHandoff: Sendable {
    private enum Phase {
        case scheduling, inline, handedOff
    }

    private let phase = LockedState(Phase.scheduling)

    private init() {}

    /// Schedules `turn` in `context`.
    ///
    /// - Returns: `true` if `turn` will run (or ran) as separate work in the context, so the
    ///   caller must stop; `false` if the context called the work before `execute` returned, so
    ///   the caller keeps the role and continues itself.
    @usableFromInline
    package static func schedule(in context: ExecutionContext, _ turn: @escaping @Sendable () -> Void) -> Bool {
        let handoff = TurnHandoff()
        context.execute {
            let runsHere: Bool = handoff.phase.withLock { phase in
                if phase == .scheduling {
                    phase = .inline
                    return false
                }
                return true
            }
            if runsHere { turn() }
        }
        return handoff.phase.withLock { phase in
            if phase == .inline { return false }
            phase = .handedOff
            return true
        }
    }
}
