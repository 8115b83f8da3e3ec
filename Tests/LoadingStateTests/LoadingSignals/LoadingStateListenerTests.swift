import TestSupport
import LoadingState
import StreamCore
import Testing

/// A listener that records what it was shown.
final class RecordingListener: LoadingStateListener {
    let shown = Box<[String]>([])

    func setLoadingState<LoadingValue, LoadingError>(_ state: ObservedLoadingState<LoadingValue, LoadingError>) {
        let text: String
        switch state {
        case .loading: text = "loading"
        case .reloading: text = "reloading"
        case .loaded(let value): text = "loaded \(value)"
        case .failed(let error): text = "failed \(error)"
        }
        shown.mutate { $0.append(text) }
    }
}

@Suite struct LoadingStateListenerTests {
    @Test func listenerIsAnyObjectAndSendable() {
        let listener: any LoadingStateListener = RecordingListener()
        listener.setLoadingState(ObservedLoadingState<Int, TestError>.reloading)
        #expect((listener as? RecordingListener)?.shown.value == ["reloading"])
    }
}
