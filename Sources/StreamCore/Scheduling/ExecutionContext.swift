public import Dispatch
import Foundation

/// Where work runs: a thread, a dispatch queue, or "right here", as in ReactiveKit.
///
/// An execution context is a function that runs other functions. It has no notion of time; a
/// ``Scheduler`` adds a clock and delays on top of the same idea, and every scheduler can act as a
/// context through its ``Scheduler/context`` property.
///
/// ```swift
/// ExecutionContext.main.execute {
///     label.text = "Loaded"          // runs on the main queue
/// }
/// signal.receive(on: .global(qos: .utility)).observeNext { value in
///     // runs on a global queue, one event at a time
/// }
/// ```
///
/// Contexts are `Sendable` values; the work they run must be `@Sendable` because it generally
/// runs on another thread.
public struct ExecutionContext: Sendable {
    /// The function that runs a unit of work in this context.
    public let context: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Whether this is ``immediate``, so that operators can skip the hop altogether.
    @usableFromInline
    package let isImmediate: Bool

    /// Creates a custom context from a function that runs work.
    ///
    /// ```swift
    /// let serial = DispatchQueue(label: "parser")
    /// let parsing = ExecutionContext { work in serial.async(execute: work) }
    /// ```
    ///
    /// - Parameter context: Runs the work it is given, now or later, on a thread of its choice. It
    ///   should run each work item exactly once; operators built on the context rely on that.
    public init(_ context: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.init(context: context, isImmediate: false)
    }

    private init(context: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void, isImmediate: Bool) {
        self.context = context
        self.isImmediate = isImmediate
    }

    /// Runs `work` in this context.
    ///
    /// ```swift
    /// ExecutionContext.global().execute { print("on a global queue") }
    /// ```
    ///
    /// - Parameter work: The work to run, on the thread or queue the context stands for.
    @inlinable
    public func execute(_ work: @escaping @Sendable () -> Void) {
        context(work)
    }

    /// Runs work synchronously on the calling thread, before ``execute(_:)`` returns.
    ///
    /// `receive(on: .immediate)` and `subscribe(on: .immediate)` return the signal unchanged: no
    /// hop, no queue, no lock.
    ///
    /// ```swift
    /// ExecutionContext.immediate.execute { print("now") }   // prints before execute returns
    /// ```
    public static let immediate = ExecutionContext(context: { work in work() }, isImmediate: true)

    /// Runs work asynchronously on the main dispatch queue (the main thread).
    ///
    /// Even when called on the main thread, the work runs later, after the current main-queue
    /// item. On Linux the main queue runs only while the main thread services it (`dispatchMain()`,
    /// a run loop, or an `async` `main`).
    ///
    /// ```swift
    /// ExecutionContext.main.execute { updateUI() }
    /// ```
    public static var main: ExecutionContext {
        DispatchQueue.main.context
    }

    /// Runs work synchronously when already on the main thread, otherwise asynchronously on the
    /// main dispatch queue.
    ///
    /// Use it to update UI without an extra run-loop turn when events already arrive on the main
    /// thread. "On the main thread" means the main thread itself or a block running on the main
    /// queue: on Linux, once the main thread calls `dispatchMain()` (as an `async` `main` does),
    /// the main queue is serviced by a worker thread, and work found there runs synchronously too.
    ///
    /// ```swift
    /// ExecutionContext.immediateOnMain.execute { updateUI() }   // synchronous on main
    /// ```
    public static let immediateOnMain = ExecutionContext { work in
        if Thread.isMainThread || DispatchQueue.getSpecific(key: MainQueueMarker.key) != nil {
            work()
        } else {
            DispatchQueue.main.async(execute: work)
        }
    }

    /// Runs work asynchronously on the global (concurrent) dispatch queue of a quality of service.
    ///
    /// Operators that deliver events in a concurrent context still deliver them one at a time.
    ///
    /// ```swift
    /// ExecutionContext.global(qos: .background).execute { cleanUpCaches() }
    /// ```
    ///
    /// - Parameter qos: The quality-of-service class of the global queue; `.default` if omitted.
    /// - Returns: A context bound to `DispatchQueue.global(qos:)`.
    public static func global(qos: DispatchQoS.QoSClass = .default) -> ExecutionContext {
        DispatchQueue.global(qos: qos).context
    }
}

/// Marks the main queue, so that code running on it can be recognised on every platform.
private enum MainQueueMarker {
    /// Set on `DispatchQueue.main` the first time it is read (a thread-safe lazy global).
    static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}
