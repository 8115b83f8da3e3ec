import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StreamCore

/// One running request of a ``URLSessionConnection``: its state machine in a lock box, the
/// observer it reports to, and the task to cancel when a limit is hit.
final class ResponseLoad: Sendable {
    private let state: LockedState<ResponseLoadState>
    private let observer: Observer<Data, FlowError>
    private let task: LockedState<URLSessionTask?>

    init(limits: ResponseLimits, observer: Observer<Data, FlowError>) {
        state = LockedState(ResponseLoadState(limits: limits))
        self.observer = observer
        task = LockedState(nil)
    }

    /// Remembers the task (before it is resumed) and arms the overall deadline.
    func start(_ task: URLSessionTask, deadline: TimeInterval) {
        self.task.withLock { $0 = task }
        // A deadline that is not a finite number of seconds means "none".
        guard deadline.isFinite else { return }
        // Weak: a finished request is released at once, not when its deadline would have passed.
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, deadline)) { [weak self] in
            self?.perform { $0.deadlinePassed() }
        }
    }

    func receivedResponse(_ response: URLResponse) {
        let status = (response as? HTTPURLResponse)?.statusCode
        perform { $0.receivedResponse(status: status, expectedLength: response.expectedContentLength) }
    }

    func received(_ chunk: Data) {
        perform { $0.received(chunk) }
    }

    func completed(error: (any Swift.Error)?) {
        perform { $0.completed(error: error.map(URLSessionConnection.networkError)) }
    }

    /// The observation was disposed: cancel the task; nothing more is delivered.
    func dispose() {
        if state.withLock({ $0.disposed() }) { cancelTask() }
    }

    /// Runs one input of the state machine under the lock, then acts on its answer unlocked.
    private func perform(_ input: (inout ResponseLoadState) -> ResponseLoadState.Action) {
        switch state.withLock(input) {
        case .none:
            return
        case .finish(let result, let cancelsTask):
            if cancelsTask { cancelTask() }
            switch result {
            case .success(let body): observer.receive(lastElement: body)
            case .failure(let error): observer.on(.failed(error))
            }
        }
    }

    private func cancelTask() {
        task.withLock { $0 }?.cancel()
    }
}

/// The session delegate of a ``URLSessionConnection``: routes each task's callbacks to its
/// ``ResponseLoad``.
final class ResponseLoadDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let loads = LockedState<[Int: ResponseLoad]>([:])

    /// Registers a request; call before resuming its task.
    func register(_ load: ResponseLoad, for task: URLSessionTask) {
        loads.withLock { $0[task.taskIdentifier] = load }
    }

    private func load(for task: URLSessionTask) -> ResponseLoad? {
        loads.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        load(for: dataTask)?.receivedResponse(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        load(for: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Swift.Error)?) {
        let load = loads.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        load?.completed(error: error)
    }
}
