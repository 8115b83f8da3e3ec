import Dispatch
import Foundation
import StoreKitLite
import StreamCore
import Testing
import TestSupport

/// A payload's `deinit` is user code, so the toolkit never releases a queued payload with a lock
/// held (issue 17, finding 2). Each scenario queues payloads whose `deinit` sends into the very
/// subject, store or observation that queued them, and must finish: released under the queue's
/// lock, the `deinit` would take that (non-recursive) lock again and hang. Every scenario runs on
/// another thread with a bounded wait, so a regression fails instead of hanging the suite.
@Suite struct NoReleaseUnderLockTests {
    /// Runs a closure in its `deinit`.
    typealias Payload = DeinitPayload

    enum Message: Sendable {
        case start
        case payload(Payload)
        case fromDeinit
    }

    /// Runs `work` on another thread and reports whether it finished within the timeout.
    private func finishes(_ work: @escaping @Sendable () -> Void) -> Bool {
        finishesOnAnotherThread(work)
    }

    /// The subject's queue of sends made during a delivery (`FIFOQueue`).
    @Test func aQueuedSubjectPayloadReleasedIntoItsOwnSubject() {
        let deinits = Box(0)
        let finished = finishes {
            let subject = PassthroughSubject<Message, Never>()
            let observation = subject.observeNext { message in
                guard case .start = message else { return }
                for _ in 0..<3 {
                    subject.send(
                        .payload(
                            Payload {
                                deinits.mutate { $0 += 1 }
                                subject.send(.fromDeinit)
                            }))
                }
            }
            subject.send(.start)
            subject.send(.fromDeinit)  // displaces the latest payload
            observation.dispose()
        }
        #expect(finished)
        #expect(deinits.value == 3)
    }

    /// The replay buffer of a `ReplaySubject` (`RingBuffer`): an element it evicts.
    @Test func anEvictedReplayPayloadReleasedIntoItsOwnSubject() {
        let deinits = Box(0)
        let finished = finishes {
            let subject = ReplaySubject<Message, Never>(bufferSize: 1)
            let observation = subject.observeNext { _ in }
            for _ in 0..<3 {
                subject.send(
                    .payload(
                        Payload {
                            deinits.mutate { $0 += 1 }
                            subject.send(.fromDeinit)
                        }))
            }
            subject.send(.fromDeinit)
            observation.dispose()
        }
        #expect(finished)
        #expect(deinits.value == 3)
    }

    /// The store's queue of actions dispatched while it is busy (`FIFOQueue`).
    @Test func aQueuedStoreActionReleasedIntoItsOwnStore() {
        let deinits = Box(0)
        let finished = finishes {
            let store = Store(initialState: 0, reducer: Reducer<Int, Message>(mutating: { state, _ in state += 1 }))
            let weakStore = WeakBox(store)
            let observation = store.observeNext { state in
                guard state == 1 else { return }
                for _ in 0..<3 {
                    store.dispatch(
                        .payload(
                            Payload {
                                deinits.mutate { $0 += 1 }
                                weakStore.value?.dispatch(.fromDeinit)
                            }))
                }
            }
            store.dispatch(.start)
            store.dispatch(.fromDeinit)  // the latest update no longer holds a payload
            observation.dispose()
        }
        #expect(finished)
        #expect(deinits.value == 3)
    }

    /// The queue of a guarded producer's observation (`SerialObservation`).
    @Test func aQueuedSignalEventReleasedIntoItsOwnObserver() {
        let deinits = Box(0)
        let finished = finishes {
            let producer = Box<Observer<Message, Never>?>(nil)
            let signal = Signal<Message, Never> { observer in
                producer.value = observer
                return NonDisposable.instance
            }
            let observation = signal.observeNext { message in
                guard case .start = message else { return }
                for _ in 0..<3 {
                    producer.value?.receive(
                        .payload(
                            Payload {
                                deinits.mutate { $0 += 1 }
                                producer.value?.receive(.fromDeinit)
                            }))
                }
            }
            producer.value?.receive(.start)
            observation.dispose()
            producer.value = nil
        }
        #expect(finished)
        #expect(deinits.value == 3)
    }

    /// The queue of a context hop (`receive(on:)`), drained on the hop's queue.
    @Test func aQueuedHopPayloadReleasedIntoItsOwnSubject() {
        let deinits = Box(0)
        let finished = finishes {
            let queue = DispatchQueue(label: "NoReleaseUnderLockTests.hop")
            let subject = PassthroughSubject<Message, Never>()
            let observation = subject.receive(on: queue.context).observeNext { _ in }
            let gate = DispatchSemaphore(value: 0)
            queue.async { gate.wait() }  // the payloads queue up in the hop meanwhile
            for _ in 0..<3 {
                subject.send(
                    .payload(
                        Payload {
                            deinits.mutate { $0 += 1 }
                            subject.send(.fromDeinit)
                        }))
            }
            subject.send(.fromDeinit)
            gate.signal()
            queue.sync {}
            queue.sync {}
            observation.dispose()
        }
        #expect(finished)
        #expect(deinits.value == 3)
    }
}

/// A weak reference, to let a payload reach its store without keeping it alive.
final class WeakBox<Object: AnyObject & Sendable>: Sendable {
    private let box: Box<WeakReference>
    private struct WeakReference: @unchecked Sendable {
        // @unchecked Sendable: only read and written inside `box`'s lock; the object is Sendable.
        weak var object: Object?
    }

    init(_ object: Object) { box = Box(WeakReference(object: object)) }

    var value: Object? { box.value.object }
}
