@testable import StreamCore
import TestSupport
import Testing

/// `SubjectCore.close()` while another thread, or an observer, is delivering: the role holder
/// closes, so the slots are never changed under a running delivery (TSan checks the rest).
@Suite struct SubjectCoreCloseTests {
    @Test func closeFromAnObserverEndsEveryoneAfterTheCurrentEvent() {
        let core = SubjectCore<Int, Never>()
        let log = Box<[String]>([])
        let first = core.observe { event in
            guard case .next(let value) = event else { return log.mutate { $0.append("a-end") } }
            log.mutate { $0.append("a\(value)") }
            if value == 1 { core.close() }
        }
        let second = core.observe { event in
            guard case .next(let value) = event else { return log.mutate { $0.append("b-end") } }
            log.mutate { $0.append("b\(value)") }
        }
        core.send(.next(1))
        core.send(.next(2))
        #expect(log.value == ["a1", "b1"])
        #expect(core.observerCount == 0)
        // Closing disposed both observations; disposing again is a no-op.
        first.dispose()
        second.dispose()
        #expect(core.observerCount == 0)
    }

    @Test func closeQueuedBehindAnEventDropsWhatWasSentAfterIt() {
        let core = SubjectCore<Int, Never>()
        let received = Box<[Int]>([])
        _ = core.observe { event in
            guard case .next(let value) = event else { return }
            received.mutate { $0.append(value) }
            if value == 1 {
                core.close()
                core.send(.next(2))
            }
        }
        core.send(.next(1))
        #expect(received.value == [1])
    }

    @Test func concurrentCloseDuringDeliveryNeverRacesAndNothingArrivesAfterIt() {
        for _ in 0..<50 {
            let core = SubjectCore<Int, Never>()
            let closed = Box(false)
            let lateEvents = Box(0)
            for _ in 0..<8 {
                _ = core.observe { _ in
                    if closed.value { lateEvents.mutate { $0 += 1 } }
                }
            }
            runConcurrently(threads: 4) { thread in
                switch thread {
                case 0:
                    for value in 0..<500 { core.send(.next(value)) }
                case 1:
                    for _ in 0..<100 {
                        let disposable = core.observe { _ in }
                        disposable.dispose()
                    }
                case 2:
                    core.close()
                default:
                    for value in 0..<200 { core.send(.next(-value)) }
                }
            }
            // Every observer registered before the close is gone once the cores are idle.
            core.close()
            closed.mutate { $0 = true }
            core.send(.next(-1))
            #expect(lateEvents.value == 0)
            #expect(core.observerCount == 0)
        }
    }
}
