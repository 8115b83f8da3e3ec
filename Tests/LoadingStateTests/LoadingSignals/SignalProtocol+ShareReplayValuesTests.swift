import TestSupport
import Foundation
import LoadingState
import StreamCore
import Testing

@Suite struct ShareReplayValuesTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    /// Regression (found by the leak tests): the shared hub was only kept by the returned signal
    /// value, so when that value was not stored (`x.shareReplayValues().observe { … }`), the hub
    /// went away after the first observation started: later states never arrived, the source
    /// stayed observed forever and the observer's closure leaked in a cycle.
    @Test func anInlineObservationKeepsTheSharedConnectionAlive() {
        let subject = PassthroughSubject<State, Never>()
        let recorder = Recorder<State, Never>()
        let observation = subject.shareReplayValues(limit: 1).observe(with: recorder.observer)
        subject.send(.loading)
        subject.send(.loaded(1))
        #expect(recorder.elements == [.loading, .loaded(1)])
        observation.dispose()
        #expect(subject.observerCount == 0)
        subject.send(.loaded(2))
        #expect(recorder.elements == [.loading, .loaded(1)])
    }

    @Test func lateObserverGetsOnlyLoadedValues() {
        let subject = PassthroughSubject<State, Never>()
        let shared = subject.shareReplayValues(limit: 1)
        let first = Recorder<State, Never>()
        bag += shared.observe(with: first.observer)
        subject.send(.loading)
        subject.send(.loaded(1))
        subject.send(.loaded(2))
        subject.send(.loading)
        let late = Recorder<State, Never>()
        bag += shared.observe(with: late.observer)
        subject.send(.failed(.boom))
        #expect(first.elements == [.loading, .loaded(1), .loaded(2), .loading, .failed(.boom)])
        #expect(late.elements == [.loaded(2), .failed(.boom)])
    }

    @Test func sharesOneObservationAndDisconnectsWithTheLast() {
        let subscriptions = Box(0)
        let subject = PassthroughSubject<State, Never>()
        let source = SafeSignal<State> { observer in
            subscriptions.mutate { $0 += 1 }
            return subject.observe { observer.on($0) }
        }
        let shared = source.shareReplayValues()
        let a = shared.observe { _ in }
        let b = shared.observe { _ in }
        #expect(subscriptions.value == 1)
        a.dispose()
        #expect(subject.observerCount == 1)
        b.dispose()
        #expect(subject.observerCount == 0)
    }

    @Test func afterCompletionLateObserversGetValuesAndCompletion() {
        let shared = SafeSignal<State>.sequence([.loading, .loaded(1), .loaded(2)]).shareReplayValues(limit: 5)
        _ = shared.observe { _ in }
        let late = Recorder<State, Never>()
        _ = shared.observe(with: late.observer)
        #expect(late.events == [.next(.loaded(1)), .next(.loaded(2)), .completed])
    }

    @Test func concurrentObserversEachSeeOrderedValues() {
        defer { bag.dispose() }  // a handler below captures the bag: dispose it explicitly
        let subject = PassthroughSubject<State, Never>()
        let shared = subject.shareReplayValues(limit: 3)
        let recorders = (0..<8).map { _ in Recorder<State, Never>() }
        let global = Recorder<State, Never>()
        let keepAlive = shared.observe(with: global.observer)
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            if index < 8 {
                bag += shared.observe(with: recorders[index].observer)
            } else {
                subject.send(.loaded(index))
            }
        }
        let order = global.elements.compactMap(\.value)
        #expect(order.count == 8)
        for recorder in recorders {
            // Replay then live: a subsequence of the global order, nothing twice.
            let values = recorder.elements.compactMap(\.value)
            #expect(Set(values).count == values.count)
            var remaining = order[...]
            for value in values {
                guard let position = remaining.firstIndex(of: value) else { Issue.record("out of order"); break }
                remaining = remaining[(position + 1)...]
            }
        }
        keepAlive.dispose()
    }
}
