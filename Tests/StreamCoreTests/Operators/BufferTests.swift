import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct BufferTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func sendsFullBuffersAndThePartialLastOnCompletion() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b-c-d-e|", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
        try scheduler.expectMarbles(
            source.buffer(size: 2), "---x---y--(z|)", values: ["x": [1, 2], "y": [3, 4], "z": [5]]
        )
    }

    @Test func noPartialBufferWhenEmpty() {
        let recorder = Recorder<[Int], Never>()
        _ = SafeSignal.sequence([1, 2, 3, 4]).buffer(size: 2).observe(with: recorder.observer)
        #expect(recorder.events == [.next([1, 2]), .next([3, 4]), .completed])
    }

    @Test func sizeOfZeroOrLessIsOne() {
        for size in [0, -3, 1] {
            let recorder = Recorder<[Int], Never>()
            _ = SafeSignal.sequence([1, 2]).buffer(size: size).observe(with: recorder.observer)
            #expect(recorder.events == [.next([1]), .next([2]), .completed])
        }
    }

    /// Regression (found by the bad-input tests under ASan): the first element reserved `size`
    /// slots, so `buffer(size: .max)` asked for an impossible allocation and crashed.
    @Test func aHugeSizeDoesNotReserveItAll() {
        for size in [Int.max, Int.max / 2, 1 << 40] {
            let recorder = Recorder<[Int], Never>()
            _ = SafeSignal.sequence([1, 2, 3]).buffer(size: size).observe(with: recorder.observer)
            #expect(recorder.events == [.next([1, 2, 3]), .completed])
        }
    }

    @Test func failureDropsThePartialBuffer() throws {
        let scheduler = TestScheduler()
        let source = try scheduler.coldSignal("-a-b-c#", values: ["a": 1, "b": 2, "c": 3], error: TestError.boom)
        try scheduler.expectMarbles(source.buffer(size: 2), "---x--#", values: ["x": [1, 2]], error: .boom)
    }

    @Test func disposeStopsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<[Int], Never>()
        let observation = source.signal.buffer(size: 2).observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(2)
        source.send(completion: .finished)
        #expect(recorder.events.isEmpty)
        #expect(source.disposals == 1)
    }

    @Test func reentrantSendFromTheObserverIsDeliveredInOrder() {
        let source = PassthroughSubject<Int, Never>()
        let log = Box<[[Int]]>([])
        bag += source.buffer(size: 1).observeNext { buffer in
            log.mutate { $0.append(buffer) }
            if buffer == [1] { source.send(2) }
        }
        source.send(1)
        #expect(log.value == [[1], [2]])
    }

    @Test func releasesTheObservation() {
        let source = PassthroughSubject<Int, Never>()
        #expect(releasesEverything(source.buffer(size: 3)) { $0.dispose() })
        #expect(releasesEverything(source.buffer(size: 3)) { _ in source.send(completion: .finished) })
        #expect(source.observerCount == 0)
    }
}
