import Dispatch
import StreamCore
import Testing

/// `receive(on:)` under 8 concurrent senders; run under ThreadSanitizer. State shared with the
/// senders lives in `LockedState` (a pthread mutex TSan understands), not in `Mutex`.
@Suite struct ReceiveOnStressTests {
    static let senders = 8
    static let perSender = 2_000

    private static func encode(_ sender: Int, _ index: Int) -> Int { sender * 1_000_000 + index }

    private static func sendConcurrently(
        into subject: PassthroughSubject<Int, Never>,
        afterEach: @Sendable (Int, Int) -> Void = { _, _ in }
    ) {
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for index in 0..<perSender {
                subject.send(encode(sender, index))
                afterEach(sender, index)
            }
        }
    }

    @Test(arguments: [false, true])
    func concurrentSendersKeepPerSenderOrderAndLoseNothing(concurrentContext: Bool) async {
        let subject = PassthroughSubject<Int, Never>()
        let context =
            concurrentContext
            ? ExecutionContext.global()
            : DispatchQueue(label: "receive-on-stress").context
        let received = LockedState([[Int]](repeating: [], count: Self.senders))
        let inFlight = LockedState((current: 0, maximum: 0))
        let afterTerminal = LockedState(0)
        let completed = LockedState(false)
        let done = DispatchSemaphore(value: 0)
        let observation = subject.receive(on: context).observe { event in
            inFlight.withLock {
                $0.current += 1; $0.maximum = max($0.maximum, $0.current)
            }
            defer { inFlight.withLock { $0.current -= 1 } }
            if completed.withLock({ $0 }) { afterTerminal.withLock { $0 += 1 } }
            switch event {
            case .next(let value):
                received.withLock { $0[value / 1_000_000].append(value % 1_000_000) }
            case .completed:
                completed.withLock { $0 = true }
                done.signal()
            }
        }
        Self.sendConcurrently(into: subject)
        subject.send(completion: .finished)
        #expect(await wait(for: done))
        let lists = received.withLock { $0 }
        for list in lists {
            #expect(list == Array(0..<Self.perSender))
        }
        #expect(inFlight.withLock { $0.maximum } == 1)
        #expect(afterTerminal.withLock { $0 } == 0)
        // The hop disposes itself right after the completion handler (which signalled us) returns.
        #expect(await eventually { observation.isDisposed })
        #expect(subject.observerCount == 0)
    }

    @Test func disposingOnTheTargetQueueStopsDeliveryAtOnce() async {
        let subject = PassthroughSubject<Int, Never>()
        let queue = DispatchQueue(label: "receive-on-stress-dispose")
        let limit = Self.senders * Self.perSender / 4
        let count = LockedState(0)
        let observation = LockedState<(any Disposable)?>(nil)
        // The handler runs on `queue`; it disposes mid-burst, with more events already queued.
        let disposable = subject.receive(on: queue).observeNext { _ in
            let seen = count.withLock { count in
                count += 1
                return count
            }
            if seen == limit {
                observation.withLock { $0 }?.dispose()
            }
        }
        observation.withLock { $0 = disposable }
        Self.sendConcurrently(into: subject)
        await drain(queue)
        await drain(queue)
        #expect(count.withLock { $0 } == limit)
        #expect(disposable.isDisposed)
        #expect(subject.observerCount == 0)
    }

    @Test func disposingFromAnotherThreadLetsAtMostTheEventInFlightThrough() async {
        let subject = PassthroughSubject<Int, Never>()
        let count = LockedState(0)
        let bound = LockedState<Int?>(nil)
        let observation = subject.receive(on: .global()).observeNext { _ in count.withLock { $0 += 1 } }
        Self.sendConcurrently(into: subject) { sender, index in
            if sender == 1, index == Self.perSender / 2 {
                observation.dispose()
                let now = count.withLock { $0 }
                bound.withLock { $0 = now + 1 }
            }
        }
        // Give drains already scheduled on the global queue a chance to run (a concurrent queue
        // promises no order, so this can only make a late delivery more likely to be seen).
        await drain(DispatchQueue.global())
        await drain(DispatchQueue.global())
        let limit = bound.withLock { $0 }
        #expect(limit != nil)
        #expect(count.withLock { $0 } <= (limit ?? 0))
        #expect(subject.observerCount == 0)
    }
}
