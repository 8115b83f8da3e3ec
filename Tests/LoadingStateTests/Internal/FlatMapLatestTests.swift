import Foundation
@testable import LoadingState
import StreamCore
import Testing

@Suite struct FlatMapLatestTests {
    @Test func switchesToTheLatestInnerSignal() {
        let outer = PassthroughSubject<Int, TestError>()
        let inners = (0..<2).map { _ in PassthroughSubject<String, TestError>() }
        let recorder = Recorder<String, TestError>()
        _ = outer.switchToLatest { inners[$0].toSignal() }.observe(with: recorder.observer)
        outer.send(0)
        inners[0].send("a")
        outer.send(1)
        inners[0].send("stale")
        inners[1].send("b")
        outer.send(completion: .finished)
        #expect(!recorder.isTerminated, "waits for the current inner signal")
        inners[1].send(completion: .finished)
        #expect(recorder.events == [.next("a"), .next("b"), .completed])
        #expect(inners[0].observerCount == 0)
    }

    @Test func innerFailureFailsTheResult() {
        let recorder = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.just(1).switchToLatest { _ in Signal<Int, TestError>.failed(.boom) }
            .observe(with: recorder.observer)
        #expect(recorder.events == [.failed(.boom)])
    }

    @Test func recoverReplacesAFailure() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, TestError>.failed(.boom).recover { _ in Signal<Int, Never>.just(5) }.observe(with: recorder.observer)
        #expect(recorder.events == [.next(5), .completed])
    }

    @Test func tryMapFailsWithTheThrownError() {
        let recorder = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence([1, 2, 3]).tryMap { value throws(TestError) -> Int in
            if value == 2 { throw .other(value) }
            return value * 10
        }.observe(with: recorder.observer)
        #expect(recorder.events == [.next(10), .failed(.other(2))])
    }

    @Test func disposingStopsOuterAndInner() {
        let outer = PassthroughSubject<Int, TestError>()
        let inner = PassthroughSubject<Int, TestError>()
        let disposable = outer.switchToLatest { _ in inner.toSignal() }.observe { _ in }
        outer.send(1)
        #expect(inner.observerCount == 1)
        disposable.dispose()
        #expect(inner.observerCount == 0 && outer.observerCount == 0)
    }

    @Test func concurrentInnerEventsAreSerialized() {
        let outer = PassthroughSubject<Int, TestError>()
        let inner = PassthroughSubject<Int, TestError>()
        let inside = Box(0)
        let overlaps = Box(0)
        _ = outer.switchToLatest { _ in inner.toSignal() }.observeNext { _ in
            if inside.mutate({ $0 += 1; return $0 }) > 1 { overlaps.mutate { $0 += 1 } }
            inside.mutate { $0 -= 1 }
        }
        outer.send(0)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for value in 0..<100 { inner.send(index * 100 + value) }
        }
        #expect(overlaps.value == 0)
    }
}
