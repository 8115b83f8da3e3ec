import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StreamCore

/// One running request of a ``URLSessionConnection``: its state machine in a lock box, the
/// observer it reports to, and the task to cancel when a limit is hit.
///
/// The session's callbacks (``receivedResponse(_:)``, ``received(_:)``, ``completed(error:)``)
/// only run the state machine. On FoundationNetworking they run on the session's libcurl thread
/// (``InlineDelegateQueue``), where calling into URLSession synchronously deadlocks, so what they
/// decide is carried out elsewhere: the cancellation on a global queue, the delivery (user code)
/// on the connection's serial `deliveryQueue`. Elsewhere (and for the deadline and disposal
/// everywhere) it is carried out on the calling thread.
final class ResponseLoad: Sendable {
    private let state: LockedState<ResponseLoadState>
    private let observer: Observer<Data, FlowError>
    private let task: LockedState<URLSessionTask?>
    private let deliveryQueue: DispatchQueue?

    /// - Parameter deliveryQueue: Where the observer receives what the session's callbacks
    ///   decide; `nil`: on the callback's thread.
    init(limits: ResponseLimits, observer: Observer<Data, FlowError>, deliveryQueue: DispatchQueue?) {
        state = LockedState(ResponseLoadState(limits: limits))
        self.observer = observer
        task = LockedState(nil)
        self.deliveryQueue = deliveryQueue
    }

    /// Remembers the task (before it is resumed) and arms the overall deadline.
    func start(_ task: URLSessionTask, deadline: TimeInterval) {
        self.task.withLock { $0 = task }
        // A deadline that is not a finite number of seconds means "none".
        guard deadline.isFinite else { return }
        // Weak: a finished request is released at once, not when its deadline would have passed.
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, deadline)) { [weak self] in
            self?.perform(onSessionThread: false) { $0.deadlinePassed() }
        }
    }

    func receivedResponse(_ response: URLResponse) {
        let status = (response as? HTTPURLResponse)?.statusCode
        perform(onSessionThread: true) {
            $0.receivedResponse(status: status, expectedLength: response.expectedContentLength)
        }
    }

    /// A piece of the body: kept, or (past a limit, or after the end) dropped at once.
    func received(_ chunk: Data) {
        perform(onSessionThread: true) { $0.received(chunk) }
    }

    func completed(error: (any Swift.Error)?) {
        perform(onSessionThread: true) { $0.completed(error: error.map(URLSessionConnection.networkError)) }
    }

    /// The observation was disposed: cancel the task; nothing more is delivered.
    func dispose() {
        if state.withLock({ $0.disposed() }) { cancelTask() }
    }

    /// Runs one input of the state machine under the lock, then acts on its answer unlocked: on
    /// this thread, or (for a session callback with a `deliveryQueue`) off the session's thread.
    private func perform(
        onSessionThread: Bool, _ input: (inout ResponseLoadState) -> ResponseLoadState.Action
    ) {
        switch state.withLock(input) {
        case .none:
            return
        case .finish(let result, let cancelsTask):
            if onSessionThread, let deliveryQueue {
                if cancelsTask { DispatchQueue.global().async { self.cancelTask() } }
                deliveryQueue.async { self.deliver(result) }
            } else {
                if cancelsTask { cancelTask() }
                deliver(result)
            }
        }
    }

    private func deliver(_ result: Result<Data, FlowError>) {
        switch result {
        case .success(let body): observer.receive(lastElement: body)
        case .failure(let error): observer.on(.failed(error))
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
    private let willHandlePiece: (@Sendable (Int) -> Void)?

    /// - Parameter willHandlePiece: A test seam: runs at the start of every body piece's callback.
    init(willHandlePiece: (@Sendable (Int) -> Void)? = nil) {
        self.willHandlePiece = willHandlePiece
    }

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
        willHandlePiece?(data.count)
        load(for: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Swift.Error)?) {
        let load = loads.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        load?.completed(error: error)
    }

    #if canImport(FoundationNetworking)
    // The callbacks run on the session's work queue (InlineDelegateQueue); what FoundationNetworking
    // does when these completion handlers are called can reach `sync` on that queue (an
    // authentication challenge's default handling cancels, suspends or resumes the task), so they
    // are called from a global queue, with the answers the protocol's defaults give.

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        DispatchQueue.global().async { completionHandler(request) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        DispatchQueue.global().async { completionHandler(.performDefaultHandling, nil) }
    }
    #endif
}
