import Dispatch
import StreamCore
import StreamCoreTesting
import Testing
import TestSupport

/// A Combine-shaped subscriber that records what it receives and asks for `initial` elements,
/// then `perElement` more with each one.
private final class RecordingSubscriber: Subscriber, Sendable {
    let initial: Subscribers.Demand
    let perElement: Subscribers.Demand
    let log = Box<[String]>([])
    let subscription = Box<(any Subscription)?>(nil)
    let onElement: @Sendable (Int, RecordingSubscriber) -> Void

    init(
        initial: Subscribers.Demand, perElement: Subscribers.Demand = .none,
        onElement: @escaping @Sendable (Int, RecordingSubscriber) -> Void = { _, _ in }
    ) {
        self.initial = initial
        self.perElement = perElement
        self.onElement = onElement
    }

    func receive(subscription: any Subscription) {
        log.mutate { $0.append("subscription") }
        self.subscription.value = subscription
        subscription.request(initial)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        log.mutate { $0.append("\(input)") }
        onElement(input, self)
        return perElement
    }

    func receive(completion: Subscribers.Completion<TestError>) {
        switch completion {
        case .finished: log.mutate { $0.append("finished") }
        case .failure: log.mutate { $0.append("failed") }
        }
    }
}

/// ReactiveKit's `subscribe(_:)`: Combine-shaped subscribers and the test accumulator.
@Suite struct SignalSubscribeTests {
    @Test func anUnlimitedSubscriberReceivesEverythingAfterItsSubscription() {
        let subscriber = RecordingSubscriber(initial: .unlimited)
        Signal<Int, TestError>(sequence: [1, 2, 3]).subscribe(subscriber)
        #expect(subscriber.log.value == ["subscription", "1", "2", "3", "finished"])
    }

    @Test func elementsWaitForDemandAndTheCompletionWaitsBehindThem() {
        let subscriber = RecordingSubscriber(initial: .max(1))
        Signal<Int, TestError>(sequence: [1, 2, 3]).subscribe(subscriber)
        #expect(subscriber.log.value == ["subscription", "1"])
        subscriber.subscription.value?.request(.max(1))
        #expect(subscriber.log.value == ["subscription", "1", "2"])
        subscriber.subscription.value?.request(.max(5))
        #expect(subscriber.log.value == ["subscription", "1", "2", "3", "finished"])
    }

    @Test func theDemandEachElementReturnsIsAdded() {
        let subscriber = RecordingSubscriber(initial: .max(1), perElement: .max(1))
        Signal<Int, TestError>(sequence: [1, 2, 3]).subscribe(subscriber)
        #expect(subscriber.log.value == ["subscription", "1", "2", "3", "finished"])
    }

    @Test func aRequestFromInsideReceiveDoesNotRecurse() {
        let depth = Box(0)
        let maxDepth = Box(0)
        let subscriber = RecordingSubscriber(initial: .max(1)) { _, subscriber in
            depth.mutate { $0 += 1 }
            maxDepth.mutate { $0 = max($0, depth.value) }
            subscriber.subscription.value?.request(.max(1))
            depth.mutate { $0 -= 1 }
        }
        Signal<Int, TestError>(sequence: [1, 2, 3]).subscribe(subscriber)
        #expect(subscriber.log.value == ["subscription", "1", "2", "3", "finished"])
        #expect(maxDepth.value == 1)
    }

    @Test func aFailureArrivesAfterTheWaitingElements() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = RecordingSubscriber(initial: .none)
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.boom))
        #expect(subscriber.log.value == ["subscription"])
        subscriber.subscription.value?.request(.unlimited)
        #expect(subscriber.log.value == ["subscription", "1", "failed"])
    }

    @Test func cancellingDisposesTheObservationAndDeliversNothingMore() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = RecordingSubscriber(initial: .unlimited) { input, subscriber in
            if input == 2 { subscriber.subscription.value?.cancel() }
        }
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        subject.send(completion: .finished)
        #expect(subscriber.log.value == ["subscription", "1", "2"])
        #expect(subject.observerCount == 0)
    }

    @Test func cancellingReleasesTheWaitingElements() {
        final class Payload: Sendable {}
        weak var weakPayload: Payload?
        let subject = PassthroughSubject<Payload, Never>()
        let accumulated = Box(0)
        final class Holding: Subscriber, Sendable {
            let subscription = Box<(any Subscription)?>(nil)
            let accumulated: Box<Int>
            init(_ accumulated: Box<Int>) { self.accumulated = accumulated }
            func receive(subscription: any Subscription) { self.subscription.value = subscription }
            func receive(_ input: Payload) -> Subscribers.Demand {
                accumulated.mutate { $0 += 1 }
                return .none
            }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let subscriber = Holding(accumulated)
        subject.subscribe(subscriber)
        do {
            let payload = Payload()
            weakPayload = payload
            subject.send(payload)
        }
        #expect(weakPayload != nil)  // waiting for demand
        subscriber.subscription.value?.cancel()
        #expect(weakPayload == nil)
        #expect(accumulated.value == 0)
    }

    @Test func aSubscriberKeepingItsSubscriptionIsReleasedAfterTheCompletionAndAfterCancel() {
        weak var completedSubscriber: RecordingSubscriber?
        weak var cancelledSubscriber: RecordingSubscriber?
        let subject = PassthroughSubject<Int, TestError>()
        do {
            let completed = RecordingSubscriber(initial: .unlimited)  // it keeps its subscription
            completedSubscriber = completed
            Signal<Int, TestError>(sequence: [1]).subscribe(completed)
            let cancelled = RecordingSubscriber(initial: .unlimited)
            cancelledSubscriber = cancelled
            subject.subscribe(cancelled)
            cancelled.subscription.value?.cancel()
        }
        #expect(completedSubscriber == nil)
        #expect(cancelledSubscriber == nil)
    }

    @Test func concurrentSendsAndRequestsDeliverEachElementOnceInOrder() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = RecordingSubscriber(initial: .none)
        subject.subscribe(subscriber)
        let count = 2_000
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            if worker == 0 {
                for value in 0..<count { subject.send(value) }
                subject.send(completion: .finished)
            } else {
                for _ in 0..<count { subscriber.subscription.value?.request(.max(1)) }
            }
        }
        subscriber.subscription.value?.request(.max(1))  // the completion needs no demand
        #expect(subscriber.log.value == ["subscription"] + (0..<count).map { "\($0)" } + ["finished"])
    }

    @Test func theAccumulatorSubscribesAsReactiveKitsDoes() {
        let accumulator = Subscribers.Accumulator<Int, TestError>()
        Signal<Int, TestError>(sequence: [1, 2]).subscribe(accumulator)
        #expect(accumulator.values == [1, 2])
        #expect(accumulator.isFinished)
    }
}
