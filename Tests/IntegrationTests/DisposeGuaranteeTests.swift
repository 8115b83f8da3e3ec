import Dispatch
import FeedbackLoop
import Foundation
import StoreKitLite
import StreamCore
import Testing
import TestSupport

/// The dispose guarantee (Decision 0015): once `dispose()` has returned, the observation's
/// handler is never entered again, however far an event already was in the chain.
///
/// Each round is deterministic, in the shape of issue 17's finding 1: a delivery is paused on
/// thread A (inside a `map`, or inside another observer of the same source), the test thread
/// disposes the observation, then A resumes. The handler counts the calls it sees after
/// `dispose()` returned; there must be none. Before the handler re-checked disposal itself, the
/// chain, `receive(on:)`, store and loop rounds all failed: the paused event finished its way
/// through the operators and entered the handler.
@Suite struct DisposeGuaranteeTests {
    /// One round: `observe` registers `handler` through the chain under test, pausing the
    /// delivery of the marked element with `pause`; `send` (on thread A) starts that delivery;
    /// `flush` waits for asynchronous hops to run out. Returns the handler calls made after
    /// `dispose()` returned.
    static func lateEntries(
        observe: (_ pause: @escaping @Sendable () -> Void, _ handler: @escaping @Sendable () -> Void) -> any Disposable,
        send: @escaping @Sendable () -> Void,
        flush: () -> Void = {}
    ) -> Int {
        let entered = DispatchSemaphore(value: 0)
        let resume = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let disposeReturned = Box(false)
        let late = Box(0)
        let observation = observe({
            entered.signal(); resume.wait()
        }) {
            if disposeReturned.value { late.mutate { $0 += 1 } }
        }
        Thread.detachNewThread {
            send()
            finished.signal()
        }
        #expect(entered.wait(timeout: .now() + 30) == .success, "the delivery never reached the pause")
        observation.dispose()
        disposeReturned.value = true
        resume.signal()
        #expect(finished.wait(timeout: .now() + 30) == .success, "thread A never finished")
        flush()
        return late.value
    }

    static let rounds = 20

    @Test func aBareSubjectObserverIsNotEnteredAfterDispose() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            // Thread A pauses inside the first observer; the one under test comes next.
            let pauser = Box<(@Sendable () -> Void)?>(nil)
            let first = subject.observeNext { _ in pauser.value?() }
            let late = Self.lateEntries(
                observe: { pause, handler in
                    pauser.value = pause
                    return subject.observeNext { _ in handler() }
                },
                send: { subject.send(1) })
            first.dispose()
            #expect(late == 0)
        }
    }

    @Test func aMapFilterScanChainIsNotEnteredAfterDispose() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let late = Self.lateEntries(
                observe: { pause, handler in
                    subject
                        .map { value in
                            if value == 1 { pause() }
                            return value
                        }
                        .filter { _ in true }
                        .scan(0, +)
                        .observeNext { _ in handler() }
                },
                send: { subject.send(1) })
            #expect(late == 0)
        }
    }

    @Test func aHopWithReceiveOnIsNotEnteredAfterDispose() {
        for pauseBeforeHop in [true, false] {
            for _ in 0..<Self.rounds {
                let subject = PassthroughSubject<Int, Never>()
                let queue = DispatchQueue(label: "DisposeGuaranteeTests.receiveOn")
                let late = Self.lateEntries(
                    observe: { pause, handler in
                        let pausing: @Sendable (Int) -> Int = { value in
                            if value == 1 { pause() }
                            return value
                        }
                        let chain =
                            pauseBeforeHop
                            ? subject.map(pausing).receive(on: queue.context)
                            : subject.receive(on: queue.context).map(pausing)
                        return chain.observeNext { _ in handler() }
                    },
                    send: { subject.send(1) },
                    flush: { queue.sync {} })
                #expect(late == 0)
            }
        }
    }

    static let adding = Reducer<Int, Int>(mutating: { state, value in state += value })

    @Test func aStoreObserverIsNotEnteredAfterDispose() {
        for _ in 0..<Self.rounds {
            let store = Store(initialState: 0, reducer: Self.adding)
            let late = Self.lateEntries(
                observe: { pause, handler in
                    store.states
                        .map { state in
                            if state == 1 { pause() }
                            return state
                        }
                        .observeNext { _ in handler() }
                },
                send: { store.dispatch(1) })
            #expect(late == 0)
        }
    }

    @Test func aStoreObserverNotifiedOnAQueueIsNotEnteredAfterDispose() {
        for _ in 0..<Self.rounds {
            let queue = DispatchQueue(label: "DisposeGuaranteeTests.store")
            let store = Store(initialState: 0, reducer: Self.adding, notifyOn: queue.context)
            // The queue pauses inside the first observer; the one under test comes next.
            let pauser = Box<(@Sendable () -> Void)?>(nil)
            let first = store.observeNext { state in if state == 1 { pauser.value?() } }
            let late = Self.lateEntries(
                observe: { pause, handler in
                    pauser.value = pause
                    return store.observeNext { _ in handler() }
                },
                send: { store.dispatch(1) },
                flush: { queue.sync {} })
            first.dispose()
            #expect(late == 0)
        }
    }

    @Test func aFeedbackLoopObserverIsNotEnteredAfterDispose() {
        for _ in 0..<Self.rounds {
            let trigger = PassthroughSubject<Int, Never>()
            let loop = Signal<Int, Never>.system(
                initial: 0,
                reduce: { state, event in state + event },
                feedbacks: [Feedback(events: trigger)])
            let late = Self.lateEntries(
                observe: { pause, handler in
                    loop
                        .map { state in
                            if state == 1 { pause() }
                            return state
                        }
                        .observeNext { _ in handler() }
                },
                send: { trigger.send(1) })
            #expect(late == 0)
        }
    }

    @Test func disposingFromInsideTheHandlerStopsAtOnceAndDoesNotWait() {
        let subject = PassthroughSubject<Int, Never>()
        let seen = Box<[Int]>([])
        let observation = Box<(any Disposable)?>(nil)
        observation.value = subject.map { $0 * 10 }.observeNext { value in
            seen.append(value)
            observation.value?.dispose()  // returns at once: dispose never waits for a handler
            subject.send(2)  // queued behind this delivery, then dropped
        }
        subject.send(1)
        subject.send(3)
        #expect(seen.value == [10])
        observation.value = nil
    }
}
