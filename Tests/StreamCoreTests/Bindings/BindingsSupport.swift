import Dispatch
import StreamCore

/// A serial queue with a context that records how often it ran work, and a way to ask whether
/// the current code runs on that queue.
final class RecordingQueue: Sendable {
    let queue: DispatchQueue
    let runs = AtomicCounter()
    private let key = DispatchSpecificKey<Bool>()

    init(label: String = "bindings.target") {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: true)
    }

    /// Runs work asynchronously on `queue` and counts it.
    var context: ExecutionContext {
        ExecutionContext { [self] work in
            queue.async { [self] in
                runs.increment()
                work()
            }
        }
    }

    /// Whether the caller runs on `queue`.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// A binding target, like a label: its `text` is lock-protected so that it is `Sendable`.
final class TestLabel: DisposeBagProvider, BindingExecutionContextProvider, Sendable {
    let bag = DisposeBag()
    let bindingExecutionContext: ExecutionContext
    private let state = LockedState<String>("")

    init(context: ExecutionContext = .immediate) {
        bindingExecutionContext = context
    }

    var text: String {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}
