import TestSupport
import LoadingState
import StreamCore
import Testing

@Suite struct FlatMapValueTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func followsTheDependentLoad() {
        let recorder = Recorder<LoadingState<String, TestError>, Never>()
        _ = Signal<Int, TestError>.just(2).toLoadingSignal()
            .flatMapValue { value in Signal<String, TestError>.just("user \(value)") }
            .observe(with: recorder.observer)
        #expect(recorder.events == [.next(.loading), .next(.loading), .next(.loaded("user 2")), .completed])
    }

    @Test func failureOfTheSourcePassesThrough() {
        let recorder = Recorder<LoadingState<String, TestError>, Never>()
        _ = Signal<Int, TestError>.failed(.boom).toLoadingSignal()
            .flatMapValue { value in LoadingSignal<String, TestError>.loaded("\(value)") }
            .observe(with: recorder.observer)
        #expect(recorder.events == [.next(.loading), .next(.failed(.boom)), .completed])
    }

    @Test func newValueCancelsTheRunningInnerLoad() {
        let source = PassthroughSubject<State, Never>()
        let inners = [PassthroughSubject<Int, TestError>(), PassthroughSubject<Int, TestError>()]
        let index = Box(0)
        let recorder = Recorder<State, Never>()
        bag += source.flatMapValue { _ in
            let current = index.mutate { value -> Int in
                defer { value += 1 }; return value
            }
            return inners[current].toSignal()
        }.observe(with: recorder.observer)
        source.send(.loaded(1))
        source.send(.loaded(2))
        inners[0].send(100)  // stale: dropped
        inners[1].send(200)
        #expect(inners[0].observerCount == 0)
        #expect(recorder.elements == [.loading, .loading, .loaded(200)])
    }
}
