import TestSupport
import Dispatch
import FeedbackLoop
import StreamCore
import Testing

/// Records the effects a keyed feedback starts and disposes.
private final class EffectLog: Sendable {
    let started = Box<[String]>([])
    let disposed = Box<[String]>([])

    func effect(_ name: String) -> Signal<String, Never> {
        Signal { [self] _ in
            started.mutate { $0.append(name) }
            return BlockDisposable { [self] in disposed.mutate { $0.append(name) } }
        }
    }

    /// The names started and disposed since the last call, as sets.
    func drain() -> (started: Set<String>, disposed: Set<String>) {
        (
            Set(
                started.mutate { log in
                    defer { log = [] }; return log
                }),
            Set(
                disposed.mutate { log in
                    defer { log = [] }; return log
                })
        )
    }
}

private struct Download: Identifiable, Equatable, Sendable {
    let id: String
    var priority: Int
}

/// A weakly referenced object, to check that effects are released.
private final class Token: Sendable {}

/// `Feedback(requests:effects:)`: one effect per request, started and disposed by key.
@Suite struct KeyedRequestsTests {
    @Test func startsAndDisposesExactlyTheEffectsWhoseRequestAppearsOrDisappears() {
        let log = EffectLog()
        let feedback = Feedback<Set<String>, String>(requests: { $0 }, effects: log.effect)
        let states = PassthroughSubject<Set<String>, Never>()
        let observation = feedback.effects(states.toSignal()).observe { _ in }

        let steps: [(state: Set<String>, started: Set<String>, disposed: Set<String>)] = [
            ([], [], []),
            (["a"], ["a"], []),
            (["a", "b"], ["b"], []),
            (["a", "b"], [], []),  // nothing changes: nothing restarts
            (["b", "c", "d"], ["c", "d"], ["a"]),
            (["d"], [], ["b", "c"]),
            ([], [], ["d"]),
            (["a", "d"], ["a", "d"], []),  // a request that comes back starts again
        ]
        for step in steps {
            states.send(step.state)
            let (started, disposed) = log.drain()
            #expect(started == step.started, "state \(step.state)")
            #expect(disposed == step.disposed, "state \(step.state)")
        }

        observation.dispose()
        #expect(log.drain().disposed == ["a", "d"])
        states.send(["x"])
        #expect(log.drain().started.isEmpty)
    }

    @Test func identifiableRequestsAreKeyedByIDAndNotRestartedWhenTheirValueChanges() {
        let started = Box<[Download]>([])
        let disposed = Box<[String]>([])
        let feedback = Feedback<[Download], String>(requests: { $0 }) { download in
            Signal<String, Never> { _ in
                started.mutate { $0.append(download) }
                return BlockDisposable { disposed.mutate { $0.append(download.id) } }
            }
        }
        let states = PassthroughSubject<[Download], Never>()
        let observation = feedback.effects(states.toSignal()).observe { _ in }

        states.send([Download(id: "a", priority: 1), Download(id: "b", priority: 1)])
        #expect(started.value == [Download(id: "a", priority: 1), Download(id: "b", priority: 1)])  // in order
        states.send([Download(id: "a", priority: 9), Download(id: "b", priority: 1)])
        #expect(started.value.count == 2)  // a's new value does not restart it
        #expect(disposed.value.isEmpty)
        states.send([Download(id: "b", priority: 1), Download(id: "c", priority: 1), Download(id: "c", priority: 2)])
        #expect(disposed.value == ["a"])
        #expect(started.value.last == Download(id: "c", priority: 1))  // the first request of an id counts
        #expect(started.value.count == 3)
        observation.dispose()
        #expect(Set(disposed.value) == ["a", "b", "c"])
    }

    @Test func theUpdatingFormHandsEachEffectTheLaterValuesOfItsRequest() {
        let values = Box<[String: [Int]]>([:])
        let feedback = Feedback<[Download], String>(
            requests: { $0 },
            effectsWithUpdates: { first, updates in
                values.mutate { $0[first.id, default: []].append(first.priority) }
                return updates.compactMap { download in
                    values.mutate { $0[download.id, default: []].append(download.priority) }
                    return download.priority > 5 ? "urgent \(download.id)" : nil
                }
            })
        let states = PassthroughSubject<[Download], Never>()
        let events = Box<[String]>([])
        let observation = feedback.effects(states.toSignal()).observeNext { event in events.mutate { $0.append(event) } }
        states.send([Download(id: "a", priority: 1)])
        states.send([Download(id: "a", priority: 7), Download(id: "b", priority: 2)])
        states.send([Download(id: "b", priority: 3)])
        states.send([Download(id: "a", priority: 4), Download(id: "b", priority: 3)])  // a again: a new effect
        observation.dispose()
        #expect(values.value == ["a": [1, 7, 4], "b": [2, 3, 3]])
        #expect(events.value == ["urgent a"])
    }

    @Test func theEffectsOfAKeyedFeedbackRunInsideALoopAndEndWithIt() {
        // Each request is answered after its own delay; the loop removes answered requests.
        let disposed = Box<[Int]>([])
        let feedback = Feedback<Set<Int>, Int>(requests: { $0 }) { request in
            Signal<Int, Never> { observer in
                let queue = DispatchQueue(label: "effect \(request)")
                queue.async { observer.receive(request) }
                return BlockDisposable { disposed.mutate { $0.append(request) } }
            }
        }
        let system = Signal<Set<Int>, Never>.system(
            initial: [1, 2, 3],
            reduce: { pending, done in pending.subtracting([done]) },
            feedbacks: [feedback]
        )
        let states = Box<[Set<Int>]>([])
        let finished = DispatchSemaphore(value: 0)
        let observation = system.observeNext { state in
            states.mutate { $0.append(state) }
            if state.isEmpty { finished.signal() }
        }
        #expect(finished.wait(timeout: .now() + 60) == .success)
        observation.dispose()
        #expect(states.value.first == [1, 2, 3])
        #expect(states.value.last == [])
        #expect(states.value.count == 4)
        #expect(Set(disposed.value) == [1, 2, 3])
    }

    @Test func eventsFromEffectsOnManyThreadsAreDeliveredSerially() {
        let perEffect = 500
        let requests = Set(0..<8)
        let feedback = Feedback<Set<Int>, Int>(requests: { $0 }) { request in
            Signal<Int, Never> { observer in
                DispatchQueue.global().async {
                    for _ in 0..<perEffect { observer.receive(request) }
                }
                return NonDisposable.instance
            }
        }
        let states = PassthroughSubject<Set<Int>, Never>()
        // Unsynchronized on purpose: the signal contract serializes the deliveries, and
        // ThreadSanitizer reports a race if it does not.
        let counts = UnguardedCounts()
        let done = DispatchSemaphore(value: 0)
        let total = perEffect * requests.count
        let observation = feedback.effects(states.toSignal()).observeNext { request in
            counts.values[request, default: 0] += 1
            counts.total += 1
            if counts.total == total { done.signal() }
        }
        states.send(requests)
        #expect(done.wait(timeout: .now() + 60) == .success)
        observation.dispose()
        #expect(counts.values == Dictionary(uniqueKeysWithValues: requests.map { ($0, perEffect) }))
    }

    @Test func aDisposalRacingAStateLeavesNoEffectRunning() {
        for round in 0..<200 {
            let log = EffectLog()
            let feedback = Feedback<Set<String>, String>(requests: { $0 }, effects: log.effect)
            let states = PassthroughSubject<Set<String>, Never>()
            let observation = feedback.effects(states.toSignal()).observe { _ in }
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                states.send(["a", "b"])
                states.send(["b", "c"])
            }
            DispatchQueue.global().async(group: group) { observation.dispose() }
            group.wait()
            // Every effect that started was disposed, whichever way the race went.
            #expect(Set(log.started.value) == Set(log.disposed.value), "round \(round)")
        }
    }

    @Test func disposingTheFeedbackReleasesTheEffectsAndTheirCaptures() {
        weak var weakToken: Token?
        let disposed = Box(false)
        let states = PassthroughSubject<Set<Int>, Never>()
        var observation: (any Disposable)?
        do {
            let token = Token()
            weakToken = token
            let feedback = Feedback<Set<Int>, Int>(requests: { $0 }) { request in
                Signal<Int, Never> { _ in
                    withExtendedLifetime(token) {}
                    return BlockDisposable { disposed.value = true }
                }
                .map { [token] value in withExtendedLifetime(token) { value + request } }
            }
            observation = feedback.effects(states.toSignal()).observe { _ in }
        }
        states.send([1])
        #expect(weakToken != nil)
        observation?.dispose()
        observation = nil
        #expect(disposed.value)
        #expect(weakToken == nil)
        #expect(states.observerCount == 0)
    }

    @Test func anEffectWhoseRequestDisappearsIsDisposedAndItsLaterEventsDropped() {
        let observers = Box<[Int: Observer<Int, Never>]>([:])
        let feedback = Feedback<Set<Int>, Int>(requests: { $0 }) { request in
            Signal<Int, Never> { observer in
                observers.mutate { $0[request] = observer }
                return NonDisposable.instance
            }
        }
        let states = PassthroughSubject<Set<Int>, Never>()
        let events = Box<[Int]>([])
        let observation = feedback.effects(states.toSignal()).observeNext { event in events.mutate { $0.append(event) } }
        states.send([1, 2])
        observers.value[1]?.receive(1)
        states.send([2])
        observers.value[1]?.receive(10)  // disposed: dropped
        observers.value[2]?.receive(2)
        #expect(events.value == [1, 2])
        observation.dispose()
    }
}

/// Counters written without a lock by a serial observer (see the concurrency test).
private final class UnguardedCounts: @unchecked Sendable {
    // @unchecked Sendable: written only by one observation, whose deliveries the signal contract
    // serializes; the test exists to let ThreadSanitizer check that claim.
    var values: [Int: Int] = [:]
    var total = 0
}
