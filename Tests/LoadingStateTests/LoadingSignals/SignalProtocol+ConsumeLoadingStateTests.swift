import TestSupport
import LoadingState
import StreamCore
import Testing

@Suite struct ConsumeLoadingStateTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func listenerSeesStatesAndSignalCarriesValues() {
        let listener = RecordingListener()
        let recorder = Recorder<Int, Never>()
        let states: SafeSignal<State> = .sequence([.loading, .loaded(1), .loading, .failed(.boom)])
        _ = states.consumeLoadingState(by: listener).observe(with: recorder.observer)
        #expect(listener.shown.value == ["loading", "loaded 1", "reloading", "failed boom"])
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func listenerIsHeldWeakly() {
        let subject = PassthroughSubject<State, Never>()
        var listener: RecordingListener? = RecordingListener()
        weak let weakListener = listener
        let recorder = Recorder<Int, Never>()
        bag += subject.consumeLoadingState(by: listener!).observe(with: recorder.observer)
        listener = nil
        #expect(weakListener == nil)
        subject.send(.loaded(3))
        #expect(recorder.elements == [3])
    }

    @Test func observedStatesAreHandedOverAsTheyAre() {
        let listener = RecordingListener()
        let work = ManualWork()
        let property = LoadingProperty { work.signal }
        let recorder = Recorder<Int, Never>()
        _ = property.observedStates.consumeLoadingState(by: listener).observe(with: recorder.observer)
        work.finish(.success(1))
        property.reload()
        work.finish(.success(2))
        #expect(listener.shown.value == ["loading", "loaded 1", "reloading", "loaded 2"])
        #expect(recorder.elements == [1, 2])
    }
}
