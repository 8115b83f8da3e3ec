import Dispatch
@testable import StreamCore
import Testing

@Suite struct DeliveryRoleTests {
    typealias Role = DeliveryRole<Int>

    /// A role brought to `phase` by its own inputs (never by assigning the phase).
    static func role(in phase: Role.Phase) -> Role {
        var role = Role()
        switch phase {
        case .idle:
            break
        case .delivering:
            _ = role.enqueue(0)
        case .sealed:
            _ = role.enqueue(0, isLast: true)
        case .closing:
            _ = role.enqueue(0)
            _ = role.close()
        case .closed:
            _ = role.close()
        }
        #expect(role.phase == phase)
        return role
    }

    static let phases: [Role.Phase] = [.idle, .delivering, .sealed, .closing, .closed]

    // MARK: enqueue

    @Test(arguments: phases)
    func enqueueInEveryPhase(phase: Role.Phase) {
        var role = Self.role(in: phase)
        let action = role.enqueue(7)
        switch (phase, action) {
        case (.idle, .deliverNow(7)):
            #expect(role.phase == .delivering)
        case (.delivering, .queued):
            #expect(role.phase == .delivering)
            #expect(role.queuedCount == 1)
        case (.sealed, .dropped(7)), (.closing, .dropped(7)), (.closed, .dropped(7)):
            #expect(role.phase == phase)
            #expect(role.queuedCount == 0)
        default:
            Issue.record("\(phase): unexpected \(action)")
        }
    }

    @Test(arguments: phases)
    func enqueueLastInEveryPhase(phase: Role.Phase) {
        var role = Self.role(in: phase)
        let action = role.enqueue(7, isLast: true)
        switch (phase, action) {
        case (.idle, .deliverNow(7)), (.delivering, .queued):
            #expect(role.phase == .sealed)
            #expect(!role.isAccepting)
        case (.sealed, .dropped(7)), (.closing, .dropped(7)), (.closed, .dropped(7)):
            #expect(role.phase == phase)
        default:
            Issue.record("\(phase): unexpected \(action)")
        }
    }

    @Test(arguments: phases)
    func enqueueForDrainInEveryPhase(phase: Role.Phase) {
        var role = Self.role(in: phase)
        let action = role.enqueueForDrain(7)
        switch (phase, action) {
        case (.idle, .startDrain):
            #expect(role.phase == .delivering)
            guard case .deliver(7) = role.next() else { Issue.record("the drain must start with the item"); return }
        case (.delivering, .queued):
            #expect(role.queuedCount == 1)
        case (.sealed, .dropped(7)), (.closing, .dropped(7)), (.closed, .dropped(7)):
            #expect(role.phase == phase)
        default:
            Issue.record("\(phase): unexpected \(action)")
        }
    }

    // MARK: next, finish, close

    @Test(arguments: phases)
    func nextInEveryPhase(phase: Role.Phase) {
        var role = Self.role(in: phase)
        let action = role.next()
        switch (phase, action) {
        case (.delivering, .idle):
            #expect(role.phase == .idle)
        case (.sealed, .stop), (.closing, .stop), (.closed, .stop), (.idle, .stop):
            #expect(role.phase == (phase == .idle ? .idle : .closed))
        default:
            Issue.record("\(phase): unexpected \(action)")
        }
    }

    @Test(arguments: phases)
    func closeInEveryPhase(phase: Role.Phase) {
        var role = Self.role(in: phase)
        let action = role.close()
        switch (phase, action) {
        case (.idle, .release(let dropped)):
            #expect(dropped.isEmpty)
            #expect(role.phase == .closed)
        case (.delivering, .handOff), (.sealed, .handOff):
            #expect(role.phase == .closing)
        case (.closing, .alreadyClosed), (.closed, .alreadyClosed):
            #expect(role.phase == phase)
        default:
            Issue.record("\(phase): unexpected \(action)")
        }
        #expect(role.isClosed)
    }

    @Test(arguments: phases)
    func finishInEveryPhase(phase: Role.Phase) {
        var role = Self.role(in: phase)
        #expect(role.finish().isEmpty)
        #expect(role.phase == .closed)
        guard case .dropped = role.enqueue(1) else { Issue.record("accepted after finish"); return }
    }

    // MARK: scenarios

    @Test func holderDeliversQueuedItemsInOrderThenGivesBackTheRole() {
        var role = Role()
        var delivered: [Int] = []
        guard case .deliverNow(let first) = role.enqueue(1) else { Issue.record("idle role not taken"); return }
        delivered.append(first)
        for item in 2...4 { guard case .queued = role.enqueue(item) else { Issue.record("not queued"); return } }
        while case .deliver(let item) = role.next() { delivered.append(item) }
        #expect(delivered == [1, 2, 3, 4])
        #expect(role.phase == .idle)
        guard case .deliverNow(5) = role.enqueue(5) else { Issue.record("role not free again"); return }
    }

    @Test func reentrantEnqueueDuringDeliveryIsQueuedNotRecursed() {
        var role = Role()
        var delivered: [Int] = []
        var depth = 0
        var maxDepth = 0
        // The "downstream" answers every item below 5 by offering the next one, re-entrantly.
        func deliver(_ item: Int) {
            depth += 1
            maxDepth = max(maxDepth, depth)
            delivered.append(item)
            if item < 5, case .deliverNow(let now) = role.enqueue(item + 1) { deliver(now) }
            depth -= 1
        }
        guard case .deliverNow(let first) = role.enqueue(1) else { Issue.record("idle role not taken"); return }
        deliver(first)
        while case .deliver(let item) = role.next() { deliver(item) }
        #expect(delivered == [1, 2, 3, 4, 5])
        #expect(maxDepth == 1)
        #expect(role.phase == .idle)
    }

    @Test func lastItemSealsThenTheHolderDeliversTheQueueAndFinishes() {
        var role = Role()
        guard case .deliverNow(1) = role.enqueue(1) else { Issue.record("idle role not taken"); return }
        _ = role.enqueue(2)
        _ = role.enqueue(3, isLast: true)
        guard case .dropped(4) = role.enqueue(4) else { Issue.record("accepted after the last item"); return }
        guard case .deliver(2) = role.next(), case .deliver(3) = role.next() else {
            Issue.record("queue not delivered in order")
            return
        }
        #expect(role.finish().isEmpty)
        #expect(role.phase == .closed)
        guard case .stop = role.next() else { Issue.record("delivered after finish"); return }
    }

    @Test func closeWhileDeliveringDropsTheQueueAndStopsTheHolder() {
        var role = Role()
        guard case .deliverNow(1) = role.enqueue(1) else { Issue.record("idle role not taken"); return }
        _ = role.enqueue(2)
        _ = role.enqueue(3)
        guard case .handOff(let dropped) = role.close() else { Issue.record("holder not told"); return }
        #expect(Array(dropped) == [2, 3])
        #expect(role.queuedCount == 0)
        // Nothing is delivered after close: the holder's next step is stop, then nothing more.
        guard case .stop = role.next() else { Issue.record("delivered after close"); return }
        #expect(role.phase == .closed)
        guard case .dropped(9) = role.enqueue(9), case .stop = role.next() else {
            Issue.record("delivered after close")
            return
        }
        guard case .alreadyClosed = role.close() else { Issue.record("closed twice"); return }
    }

    @Test func closeWhileDrainIsScheduledDeliversNothing() {
        var role = Role()
        guard case .startDrain = role.enqueueForDrain(1) else { Issue.record("idle role not taken"); return }
        #expect(Array(role.close().dropped) == [1])
        guard case .stop = role.next() else { Issue.record("the drain delivered after close"); return }
    }

    @Test func itemsLeaveTheRoleByMoveSoTheCallerReleasesThem() {
        final class Payload {}
        var role = DeliveryRole<Payload>()
        weak var weakQueued: Payload?
        do {
            let first = Payload()
            let queued = Payload()
            weakQueued = queued
            _ = role.enqueue(first)
            _ = role.enqueue(queued)
        }
        var dropped = role.close().dropped
        // The role keeps no reference: the only one is in the caller's hands.
        #expect(weakQueued != nil)
        dropped.removeAll()
        #expect(weakQueued == nil)
    }

    // MARK: threads (run under TSan in CI)

    /// Eight threads offer to one role in a `LockedState`; whoever gets `deliverNow` delivers and
    /// drains. Deliveries never overlap, none is lost, and each sender's items keep their order.
    @Test func concurrentOffersAreDeliveredOneAtATimeWithEachSendersOrderKept() {
        let senders = 8
        let perSender = 2_000
        let role = LockedState(DeliveryRole<Int>())
        let log = LockedState(Log())
        @Sendable func deliver(_ first: Int) {
            var item = first
            while true {
                log.withLock { $0.begin(item) }
                log.withLock { $0.end() }
                guard case .deliver(let next) = role.withLock({ $0.next() }) else { return }
                item = next
            }
        }
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for index in 0..<perSender {
                if case .deliverNow(let item) = role.withLock({ $0.enqueue(sender * perSender + index) }) {
                    deliver(item)
                }
            }
        }
        let result = log.withLock { $0 }
        #expect(result.overlaps == 0)
        #expect(result.delivered.count == senders * perSender)
        for sender in 0..<senders {
            let mine = result.delivered.filter { $0 / perSender == sender }
            #expect(mine == Array(sender * perSender..<(sender + 1) * perSender))
        }
        #expect(role.withLock { $0.phase } == .idle)
    }

    /// A close from another thread while senders keep offering: after `close()` returns, at most
    /// the one item already in the holder's hands is delivered.
    @Test(arguments: 0..<20)
    func nothingButTheItemInHandIsDeliveredAfterCloseReturns(round: Int) {
        let role = LockedState(DeliveryRole<Int>())
        let log = LockedState(Log())
        @Sendable func deliver(_ first: Int) {
            var item = first
            while true {
                log.withLock { $0.begin(item) }
                log.withLock { $0.end() }
                guard case .deliver(let next) = role.withLock({ $0.next() }) else { return }
                item = next
            }
        }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for _ in 0..<(100 + round * 10) { _ = role.withLock { $0.queuedCount } }
                _ = role.withLock { $0.close() }
                log.withLock { $0.closed = true }
                return
            }
            for index in 0..<1_000 {
                if case .deliverNow(let item) = role.withLock({ $0.enqueue(index) }) { deliver(item) }
            }
        }
        let result = log.withLock { $0 }
        #expect(result.overlaps == 0)
        #expect(result.deliveredAfterClose <= 1)
        #expect(role.withLock { $0.isClosed })
    }

    /// What a threaded test saw, kept in a `LockedState`.
    struct Log: Sendable {
        var delivered: [Int] = []
        var inFlight = 0
        var overlaps = 0
        var closed = false
        var deliveredAfterClose = 0

        mutating func begin(_ item: Int) {
            if inFlight != 0 { overlaps += 1 }
            inFlight += 1
            delivered.append(item)
            if closed { deliveredAfterClose += 1 }
        }

        mutating func end() {
            inFlight -= 1
        }
    }
}
