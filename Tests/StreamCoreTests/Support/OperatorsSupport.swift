import TestSupport
import Dispatch
import Foundation
import StreamCore
import Synchronization

/// A hot source whose observations can be inspected: how many are running, how many were disposed.
///
/// `signal` observes the subject and returns a `BlockDisposable` that counts disposals, so tests
/// can check that an operator disposed its upstream.
final class Probe<Element: Sendable, Failure: Error>: Sendable {
    let subject = PassthroughSubject<Element, Failure>()
    private let counts = Mutex((subscriptions: 0, disposals: 0))

    init() {}

    var signal: Signal<Element, Failure> {
        Signal({ [self] observer in
            counts.withLock { $0.subscriptions += 1 }
            let observation = subject.observe(with: { observer.on($0) })
            return BlockDisposable { [self] in
                counts.withLock { $0.disposals += 1 }
                observation.dispose()
            }
        })
    }

    var subscriptions: Int { counts.withLock { $0.subscriptions } }
    var disposals: Int { counts.withLock { $0.disposals } }

    func send(_ element: Element) { subject.send(element) }
    func send(completion: Subscribers.Completion<Failure>) { subject.send(completion: completion) }
}

/// A cold signal that sends `elements` and completes on a global queue (another thread).
///
/// Each observation's work is counted in `group`, when given, so that a test can wait until no
/// producer is running any more.
func asyncSignal<Element: Sendable>(
    _ elements: [Element],
    failure: TestError? = nil,
    group: DispatchGroup? = nil
) -> Signal<Element, TestError> {
    Signal({ observer in
        group?.enter()
        DispatchQueue.global().async {
            defer { group?.leave() }
            for element in elements {
                if observer.isDisposed { return }
                observer.receive(element)
            }
            if let failure {
                observer.receive(completion: .failure(failure))
            } else {
                observer.receive(completion: .finished)
            }
        }
        return NonDisposable.instance
    })
}

/// Waits until everything entered into `group` has left; `false` if `timeout` seconds passed
/// first. Like `wait(for:timeout:)`, the blocking wait runs on a thread of its own.
func wait(for group: DispatchGroup, timeout: Double = generousTimeout) async -> Bool {
    await withCheckedContinuation { continuation in
        let waiter = Thread {
            continuation.resume(returning: group.wait(timeout: .now() + timeout) == .success)
        }
        waiter.start()
    }
}

/// Checks that `values`, split by `key`, are strictly increasing within each key.
func isOrderedPerKey<Key: Hashable>(_ values: [Int], key: (Int) -> Key) -> Bool {
    var last: [Key: Int] = [:]
    for value in values {
        let k = key(value)
        if let previous = last[k], previous >= value { return false }
        last[k] = value
    }
    return true
}

/// Observes `signal` with an observer capturing a fresh object, lets `end` finish the observation
/// (dispose it, or make the sources terminate), and reports whether the captured object and the
/// observation's disposable were both released.
func releasesEverything<Element, Failure: Error>(
    _ signal: Signal<Element, Failure>,
    end: (any Disposable) -> Void
) -> Bool {
    weak var captured: Tracked?
    weak var observation: AnyObject?
    do {
        let tracked = Tracked()
        captured = tracked
        let disposable = signal.observe(with: { _ in _ = tracked })
        observation = disposable as AnyObject
        end(disposable)
    }
    return captured == nil && observation == nil
}

/// Observes `signal`; threads 0…6 each call `send(thread, index)` for indices 0..<2,000 while
/// thread 7 disposes the observation once `threshold` events arrived. Then every thread sends once
/// more (index -1).
///
/// - Returns: The events delivered until every sender was done, and how many arrived afterwards
///   (must be 0).
func disposeWhileSending<Element: Sendable>(
    _ signal: Signal<Element, Never>,
    threshold: Int,
    send: @escaping @Sendable (_ thread: Int, _ index: Int) -> Void
) -> (events: [Signal<Element, Never>.Event], eventsAfterward: Int) {
    let recorder = Recorder<Element, Never>()
    let started = DispatchSemaphore(value: 0)
    let count = Box(0)
    let observation = signal.observe(with: { event in
        recorder.observer(event)
        if count.mutate({
            $0 += 1; return $0
        }) == threshold {
            started.signal()
        }
    })
    runConcurrently { thread in
        if thread == 7 {
            _ = started.wait(timeout: .now() + generousTimeout)
            observation.dispose()
        } else {
            for index in 0..<2_000 { send(thread, index) }
        }
    }
    let events = recorder.events
    runConcurrently { thread in send(thread % 7, -1) }
    return (events, recorder.events.count - events.count)
}

/// A flattening operator under test, e.g. `{ $0.flatMapConcat($1) }`.
typealias Flattening = (
    PassthroughSubject<Int, Never>, @escaping @Sendable (Int) -> SafeSignal<Int>
) -> SafeSignal<Int>

/// Flattens `value → [value, value + 1]`; the observer sends 10 into the outer re-entrantly
/// on seeing 1. Returns what the observer saw.
func reentrantOuterSendLog(_ flatten: Flattening) -> [Int] {
    let outer = PassthroughSubject<Int, Never>()
    let log = Box<[Int]>([])
    let observation = flatten(outer) { value in SafeSignal<Int>.sequence([value, value + 1]) }.observeNext { value in
        log.mutate { $0.append(value) }
        if value == 1 { outer.send(10) }
    }
    outer.send(1)
    observation.dispose()
    return log.value
}

/// Flattens into `inner` with a transform that captures an object, runs `drive`, disposes the
/// observation, and returns whether the captured object was released.
func flatteningReleasesCaptures(
    _ flatten: Flattening,
    drive: (_ outer: PassthroughSubject<Int, Never>, _ inner: PassthroughSubject<Int, Never>) -> Void
) -> Bool {
    weak var weakRef: Tracked?
    let outer = PassthroughSubject<Int, Never>()
    let inner = PassthroughSubject<Int, Never>()
    do {
        let tracked = Tracked()
        weakRef = tracked
        let observation = flatten(outer) { _ in
            _ = tracked; return inner.toSignal()
        }.observeNext { _ in }
        drive(outer, inner)
        observation.dispose()
    }
    return weakRef == nil
}
