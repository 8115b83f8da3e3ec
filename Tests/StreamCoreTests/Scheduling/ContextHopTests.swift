import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct ContextHopTests {
    @Test func upstreamSetAfterDisposalIsDisposedAtOnce() {
        let scheduler = TestScheduler()
        let hop = ContextHop<Int, Never>(downstream: Observer { _ in }, context: scheduler.context)
        hop.dispose()
        let upstream = BlockDisposable {}
        hop.setUpstream(upstream)
        #expect(upstream.isDisposed)
        #expect(hop.isDisposed)
    }

    @Test func nothingIsAcceptedAfterATerminalEvent() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>()
        let hop = ContextHop<Int, Never>(downstream: Observer(recorder.observer), context: scheduler.context)
        hop.on(.next(1))
        hop.on(.completed)
        hop.on(.next(2))
        hop.on(.completed)
        scheduler.advance()
        #expect(recorder.events == [.next(1), .completed])
        #expect(hop.isDisposed)
    }

    @Test func outerLifetimeEndsTheObserverLifetime() {
        let scheduler = TestScheduler()
        let outer = BlockDisposable {}
        let hop = ContextHop<Int, Never>(downstream: Observer(lifetime: outer) { _ in }, context: scheduler.context)
        #expect(!hop.observer.isDisposed)
        outer.dispose()
        #expect(hop.observer.isDisposed)
    }

    @Test func disposingFromTheHandlerStopsTheDrain() {
        let scheduler = TestScheduler()
        let received = Box<[Int]>([])
        let hopBox = Box<ContextHop<Int, Never>?>(nil)
        let hop = ContextHop<Int, Never>(
            downstream: Observer { event in
                if let value = event.element { received.mutate { $0.append(value) } }
                hopBox.value?.dispose()
            },
            context: scheduler.context)
        hopBox.mutate { $0 = hop }
        hop.on(.next(1))
        hop.on(.next(2))
        scheduler.advance()
        #expect(received.value == [1])
        hopBox.mutate { $0 = nil }
    }
}

/// A hop yields its context after a bounded turn, so hops sharing a serial queue take turns.
@Suite struct ContextHopFairnessTests {
    /// A context that counts the work it is given and runs it on `scheduler`.
    private func counting(_ scheduler: TestScheduler, _ turns: Box<Int>) -> ExecutionContext {
        ExecutionContext { work in
            turns.mutate { $0 += 1 }
            scheduler.schedule(work)
        }
    }

    @Test func aBurstQueuedFromOutsideIsDeliveredInTurnsOfAtMostTheBatchLimit() {
        let scheduler = TestScheduler()
        let turns = Box(0)
        let received = Box<[Int]>([])
        let hop = ContextHop<Int, Never>(
            downstream: Observer { event in if let value = event.element { received.mutate { $0.append(value) } } },
            context: counting(scheduler, turns))
        let count = ContextHop<Int, Never>.batchLimit * 3 + 1
        for value in 0..<count { hop.on(.next(value)) }
        #expect(turns.value == 1)
        scheduler.advance()
        #expect(received.value == Array(0..<count))
        #expect(turns.value == 4)
        hop.dispose()
    }

    @Test func twoHopsOnOneQueueAlternateTurnsWhenEachFeedsItself() {
        let scheduler = TestScheduler()
        let order = Box<[String]>([])
        func selfFeeding(_ name: String) -> ContextHop<Int, Never> {
            let hopBox = Box<ContextHop<Int, Never>?>(nil)
            let hop = ContextHop<Int, Never>(
                downstream: Observer { event in
                    guard let value = event.element else { return }
                    order.mutate { $0.append("\(name)\(value)") }
                    if value < 3 { hopBox.value?.on(.next(value + 1)) }  // re-entrant, same thread
                },
                context: scheduler.context)
            hopBox.value = hop
            return hop
        }
        let a = selfFeeding("a")
        let b = selfFeeding("b")
        a.on(.next(1))
        b.on(.next(1))
        scheduler.advance()
        #expect(order.value == ["a1", "b1", "a2", "b2", "a3", "b3"])
        a.dispose()
        b.dispose()
    }

    @Test func yieldingOnASynchronousContextDoesNotRecurse() {
        let received = Box(0)
        let hopBox = Box<ContextHop<Int, Never>?>(nil)
        let target = 200_000
        let synchronous = ExecutionContext { work in work() }
        let hop = ContextHop<Int, Never>(
            downstream: Observer { event in
                guard let value = event.element else { return }
                received.value += 1
                if value < target { hopBox.value?.on(.next(value + 1)) }
            },
            context: synchronous)
        hopBox.value = hop
        hop.on(.next(1))  // 200k re-entrant yields: a recursion per turn would overflow the stack
        #expect(received.value == target)
        hop.dispose()
        hopBox.value = nil
    }
}
