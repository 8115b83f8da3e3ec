import TestSupport
import StreamCore
import Testing

@Suite struct WindowTests {
    @Test func groupsElementsIntoWindowSignalsAndMergeFlattensThem() {
        let windows = Box<[[Int]]>([])
        _ = SafeSignal.sequence([1, 2, 3, 4, 5]).window(ofSize: 2).observeNext { window in
            let recorder = Recorder<Int, Never>()
            _ = window.observe(with: recorder.observer)
            windows.mutate { $0.append(recorder.elements) }
        }
        #expect(windows.value == [[1, 2], [3, 4], [5]])
        let merged = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 2, 3, 4, 5]).window(ofSize: 2).merge().observe(with: merged.observer)
        #expect(merged.events == [.next(1), .next(2), .next(3), .next(4), .next(5), .completed])
    }

    @Test func mergeOfASignalOfSignalsInterleavesInArrivalOrder() {
        let outer = PassthroughSubject<Signal<Int, Never>, Never>()
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        _ = outer.merge().observe(with: recorder.observer)
        outer.send(first.toSignal())
        first.send(1)
        outer.send(second.toSignal())
        second.send(2)
        first.send(3)
        outer.send(completion: .finished)
        first.send(completion: .finished)
        #expect(!recorder.isTerminated)
        second.send(completion: .finished)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }
}
