@testable import StreamCore
import Testing

/// The one-event slot specialisation's view of the queue (FeedbackLoop's `LoopEngine`).
@Suite struct DeliveryRoleLoopTests {
    @Test func isQueueEmptyFollowsTheQueuedItems() {
        var role = DeliveryRole<Int>(held: true)
        #expect(role.isQueueEmpty)
        _ = role.enqueue(1)
        _ = role.enqueue(2)
        #expect(!role.isQueueEmpty)
        guard case .deliver(1) = role.next() else {
            Issue.record("expected the oldest item")
            return
        }
        #expect(!role.isQueueEmpty)
        guard case .deliver(2) = role.next() else {
            Issue.record("expected the second item")
            return
        }
        #expect(role.isQueueEmpty)
        guard case .idle = role.next() else {
            Issue.record("expected the role given back")
            return
        }
        #expect(role.phase == .idle)
        _ = role.enqueue(3)  // taken (deliverNow): never queued
        #expect(role.isQueueEmpty)
        _ = role.enqueue(4)
        #expect(!role.isQueueEmpty)
        _ = role.close()  // the queue is dropped
        #expect(role.isQueueEmpty)
    }
}
