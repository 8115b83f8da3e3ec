import TestSupport
import Foundation
@testable import LoadingState
import StreamCore
import Testing

@Suite struct LoadingValueReplayHubTests {
    @Test func bufferKeepsTheLastLimitValues() {
        let subject = PassthroughSubject<State, Never>()
        let hub = LoadingValueReplayHub(source: subject.toSignal(), limit: 2)
        let keep = hub.observe { _ in }
        for value in 1...4 { subject.send(.loaded(value)) }
        let late = Recorder<State, Never>()
        _ = hub.observe(late.observer)
        #expect(late.elements == [.loaded(3), .loaded(4)])
        keep.dispose()
    }

    @Test func disposedObserverGetsNothingMore() {
        let subject = PassthroughSubject<State, Never>()
        let hub = LoadingValueReplayHub(source: subject.toSignal(), limit: 1)
        let recorder = Recorder<State, Never>()
        let keep = hub.observe { _ in }
        let disposable = hub.observe(recorder.observer)
        subject.send(.loaded(1))
        disposable.dispose()
        subject.send(.loaded(2))
        #expect(recorder.elements == [.loaded(1)])
        keep.dispose()
    }

    @Test func observerAddedFromInsideADeliveryGetsTheReplayFirst() {
        let subject = PassthroughSubject<State, Never>()
        let hub = LoadingValueReplayHub(source: subject.toSignal(), limit: 5)
        let nested = Recorder<State, Never>()
        let added = Box(false)
        let keep = hub.observe { event in
            let first = added.mutate { wasAdded -> Bool in
                defer { wasAdded = true }
                return !wasAdded
            }
            if case .next(.loaded(1)) = event, first {
                _ = hub.observe(nested.observer)
            }
        }
        subject.send(.loaded(1))
        subject.send(.loaded(2))
        #expect(nested.elements == [.loaded(1), .loaded(2)])
        keep.dispose()
    }
}
