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
