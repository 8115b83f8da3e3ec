import StoreKitLite
import StreamCore

extension StoreService {
    /// The feedbacks attached for as long as the service runs, or through the lease.
    struct Attachment: Sendable {
        /// Ends the attachment: returns what detaches the feedbacks still attached.
        let end: @Sendable () -> @Sendable () -> Void
    }

    /// Attaches the feedbacks now (no lease), or each time the lease is won (detached when it is
    /// lost).
    func attachFeedbacks() -> Attachment {
        let store = self.store
        let feedbacks = self.feedbacks
        let attach: @Sendable () -> @Sendable () -> Void = {
            let attached = feedbacks.map { store.attach(effect: $0.effects, named: $0.name) }
            return { for attachment in attached { attachment.dispose() } }
        }
        guard let lease, !feedbacks.isEmpty else {
            let detach = attach()
            return Attachment(end: { detach })
        }
        let registration = lease.whileLeading(attach)
        return Attachment(end: { registration.end() ?? {} })
    }
}
