import Dispatch
import Foundation
import StreamCore
import Testing
import TestSupport

/// The two-source `combineLatest` engine (`CombineLatest2Engine`): the latest elements belong to
/// the thread holding the role, taken lock-free; elements arriving meanwhile are queued under the
/// lock as inputs. `CombineLatestTests` pins the operator's contract (order under 8 threads,
/// re-entrancy, termination, release); these pin what the engine adds.
@Suite struct CombineLatestEngineTests {
    enum Message: Sendable {
        case start
        case payload(DeinitPayload)
        case fromDeinit
    }

    @Test func aDisplacedElementIsReleasedOutsideTheLock() {
        // Each payload queued behind the holder displaces the previous one when the holder
        // applies it; the displaced payload's deinit sends into the other source, whose
        // delivery reaches the engine (sending into its own source would be queued by that
        // subject, which is delivering).
        let deinits = Box(0)
        let finished = finishesOnAnotherThread {
            let a = PassthroughSubject<Message, Never>()
            let b = PassthroughSubject<Int, Never>()
            let observation = combineLatest(a, b).observeNext { message, _ in
                guard case .start = message else { return }
                for _ in 0..<3 {
                    a.send(
                        .payload(
                            DeinitPayload {
                                deinits.mutate { $0 += 1 }
                                b.send(1)
                            }))
                }
            }
            b.send(0)
            a.send(.start)
            a.send(.fromDeinit)  // displaces the last payload
            observation.dispose()
        }
        #expect(finished)
        #expect(deinits.value == 3)
    }

    @Test func queuedInputsDroppedByADisposalAreReleasedOutsideTheLock() {
        // The handler (the role holder, inside `a`'s delivery) sends payloads into `b`, which
        // the engine queues behind it, then disposes: the queue is dropped, and each payload's
        // deinit sends into `b` again, reaching the closed engine.
        let deinits = Box(0)
        let delivered = Box<[String]>([])
        let finished = finishesOnAnotherThread {
            let a = PassthroughSubject<Message, Never>()
            let b = PassthroughSubject<Message, Never>()
            let handle = Box<(any Disposable)?>(nil)
            let observation = combineLatest(a, b).observeNext { message, _ in
                delivered.mutate { $0.append("\(message)") }
                guard case .start = message else { return }
                for _ in 0..<3 {
                    b.send(
                        .payload(
                            DeinitPayload {
                                deinits.mutate { $0 += 1 }
                                b.send(.fromDeinit)
                            }))
                }
                handle.value?.dispose()
            }
            handle.value = observation
            b.send(.fromDeinit)
            a.send(.start)
            a.send(.fromDeinit)
        }
        #expect(finished)
        #expect(deinits.value == 3)
        #expect(delivered.value == ["start"])  // nothing after the disposal from the handler
    }

    @Test func anObservationNobodyDisposesIsReleasedWithItsSources() {
        // Neither terminated nor disposed: the sources go away, then the engine, which releases
        // the boxed downstream handler in its deinit (it leaks if that release is missing).
        weak var released: Tracked?
        do {
            let tracked = Tracked()
            released = tracked
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            _ = combineLatest(a, b).observeNext { _ in _ = tracked }
            a.send(1)
            b.send(2)
        }
        #expect(released == nil)
    }

    @Test func stressConcurrentDisposeStopsBothSources() {
        // Seven threads send into two sources while an eighth disposes: nothing arrives after
        // `dispose()` returned, both sources are disposed once, no terminal event is invented.
        let sources = (0..<2).map { _ in Probe<Int, Never>() }
        let (events, eventsAfterward) = disposeWhileSending(
            combineLatest(sources[0].signal, sources[1].signal).map { $0.0 &+ $0.1 },
            threshold: 100
        ) { sources[$0 % 2].send($0 * 100_000 + $1) }
        #expect(events.count >= 100)
        #expect(sources.allSatisfy { $0.disposals == 1 })
        #expect(!events.contains { $0.isTerminal })
        #expect(eventsAfterward == 0)
    }

    @Test func stressCompletionRacingSendsDeliversOneTerminalEventLast() {
        // Both sources complete while other threads still send: exactly one `.completed`, last.
        for _ in 0..<50 {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            let recorder = Recorder<Int, Never>()
            let observation = combineLatest(a, b).map { $0.0 &+ $0.1 }.observe(with: recorder.observer)
            runConcurrently { thread in
                let subject = thread % 2 == 0 ? a : b
                for index in 0..<200 { subject.send(index) }
                if thread >= 6 { subject.send(completion: .finished) }
            }
            let events = recorder.events
            #expect(events.filter(\.isTerminal).count == 1)
            #expect(events.last?.isTerminal == true)
            observation.dispose()
        }
    }
}
