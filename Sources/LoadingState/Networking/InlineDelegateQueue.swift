#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// The delegate queue of a ``URLSessionConnection``'s session on FoundationNetworking: it runs
/// each delegate callback on the thread that hands it over (the session's libcurl thread) before
/// returning, instead of queueing it.
///
/// FoundationNetworking copies every piece of a body libcurl reads into a `Data` and hands it to
/// the delegate queue without waiting; libcurl then goes on reading. Over loopback it reads far
/// faster than a queued delegate drains, so the pieces pile up on the queue, the one that crosses
/// ``URLSessionConnection/maximumResponseSize`` is reached late, and so is the cancellation. Run
/// inline, a piece is handled (kept or dropped) before libcurl reads the next one, and the
/// response head (with its `Content-Length`) before any of the body.
///
/// What it asks of the delegate: a callback runs on the session's work queue, so it must not call
/// into the session or its tasks synchronously (`URLSessionTask.cancel()`, `resume()` and
/// `URLSession.dataTask(with:)` do a `sync` on that queue), and must not run user code, which may.
/// ``ResponseLoad`` hands cancellation and delivery to other queues for that reason.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    // @unchecked Sendable: no state of its own; OperationQueue's is behind its own lock.
    override init() {
        super.init()
        name = "ReactiveToolkit.URLSessionConnection.inline"
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }
}
#endif
