import TestSupport
import StreamCore
import Testing

@Suite struct ZipPreviousTests {
    @Test func pairsEachElementWithThePreviousOneStartingWithNil() {
        let pairs = Box<[String]>([])
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 2, 3]).zipPrevious()
            .observe { event in
                switch event {
                case .next(let (previous, current)): pairs.mutate { $0.append("\(previous.map(String.init) ?? "nil")>\(current)") }
                case .failed: break
                case .completed: recorder.observer(.completed)
                }
            }
        #expect(pairs.value == ["nil>1", "1>2", "2>3"])
        #expect(recorder.events == [.completed])
    }
}
