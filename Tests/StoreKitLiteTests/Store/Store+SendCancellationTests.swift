import Dispatch
import Foundation
import StoreKitLite
import Testing
import TestSupport

private enum GateAction: Sendable, Equatable {
    /// Blocks in the reducer until the test opens the gate.
    case slow
    case record(Int)
}

/// Holds the reducer of `.slow` on a thread of its own until `open()`.
private final class ReducerGate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let reduced = Box<[Int]>([])
    let seenByMiddleware = Box<[Int]>([])

    var reducer: Reducer<Int, GateAction> {
        Reducer(mutating: { [self] state, action in
            switch action {
            case .slow:
                entered.signal()
                release.wait()
            case .record(let id):
                reduced.mutate { $0.append(id) }
                state += 1
            }
        })
    }

    var middleware: Middleware<Int, GateAction> {
        Middleware { [self] action, _ in
            if case .record(let id) = action { seenByMiddleware.mutate { $0.append(id) } }
            return action
        }
    }

    /// Dispatches `.slow` on a thread of its own and returns once its reducer is running.
    func hold(_ store: Store<Int, GateAction>) async {
        Thread { store.dispatch(.slow) }.start()
        #expect(await wait(for: entered))
    }

    func open() { release.signal() }
}

/// The outcome of a send, as a value.
private func outcome(_ body: () async throws(StoreError) -> Int) async -> Result<Int, StoreError> {
    do { return .success(try await body()) } catch { return .failure(error) }
}

/// Waits until `store` has `count` actions queued behind its role holder: polls the condition,
/// sleeping 0.1 ms between looks (a spin of `Task.yield()` starves the other tests' tasks on a
/// 2-thread pool), for at most a minute.
private func waitUntilQueued(_ store: Store<Int, GateAction>, count: Int) async {
    for _ in 0..<600_000 where store.queuedActionCount < count {
        try? await Task.sleep(for: .microseconds(100))
    }
    #expect(store.queuedActionCount == count)
}

@Suite struct StoreSendCancellationTests {
    @Test func aTaskCancelledBeforeSendDoesNotRunTheAction() async {
        let gate = ReducerGate()
        let store = Store(initialState: 0, reducer: gate.reducer, middleware: [gate.middleware])
        let sender = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await outcome { () async throws(StoreError) in try await store.send(.record(1)) }
        }
        let result = await sender.value
        #expect(throws: StoreError.cancelled) { try result.get() }
        #expect(gate.seenByMiddleware.value == [])
        #expect(gate.reduced.value == [])
        #expect(store.state == 0)
    }

    @Test func aSendCancelledWhileQueuedThrowsCancelledAtOnceAndNeverRuns() async throws {
        let gate = ReducerGate()
        let store = Store(initialState: 0, reducer: gate.reducer, middleware: [gate.middleware])
        await gate.hold(store)
        let sender = Task { await outcome { () async throws(StoreError) in try await store.send(.record(1)) } }
        await waitUntilQueued(store, count: 1)
        // A watchdog opens the gate if the sender is still waiting after 30 s (the failure this
        // test catches: a cancelled sender waiting for the slow reducer), so it fails, not hangs.
        let senderReturned = DispatchSemaphore(value: 0)
        let openedByWatchdog = Box(false)
        Thread {
            guard senderReturned.wait(timeout: .now() + 30) == .timedOut else { return }
            openedByWatchdog.value = true
            gate.open()
        }.start()
        sender.cancel()
        // Resolved while the slow reducer still holds the store: the sender does not wait for it.
        let result = await sender.value
        senderReturned.signal()
        #expect(!openedByWatchdog.value)
        #expect(throws: StoreError.cancelled) { try result.get() }
        if !openedByWatchdog.value { gate.open() }
        #expect(try await store.send(.record(2)) == 1)
        #expect(gate.seenByMiddleware.value == [2])
        #expect(gate.reduced.value == [2])
    }

    @Test func aCancellationAfterTheActionBeganReturnsItsOutcome() async throws {
        let began = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let blocking = Middleware<Int, GateAction> { action, _ in
            if case .record = action {
                began.signal()
                proceed.wait()
            }
            return action
        }
        let gate = ReducerGate()
        let store = Store(initialState: 0, reducer: gate.reducer, middleware: [blocking])
        // The action is queued behind `.slow`, so the thread holding the store (not a thread of
        // the cooperative pool) runs it, and blocks in the middleware until the test lets it go.
        await gate.hold(store)
        let sender = Task { await outcome { () async throws(StoreError) in try await store.send(.record(1)) } }
        await waitUntilQueued(store, count: 1)
        gate.open()
        #expect(await wait(for: began))
        sender.cancel()
        proceed.signal()
        #expect(try await sender.value.get() == 1)
        #expect(gate.reduced.value == [1])
    }

    @Test func onlyTheCancelledSendersActionsAreSkippedAmongManyQueued() async throws {
        let gate = ReducerGate()
        let store = Store(initialState: 0, reducer: gate.reducer, middleware: [gate.middleware])
        await gate.hold(store)
        var senders: [Task<Result<Int, StoreError>, Never>] = []
        for id in 0..<20 {
            senders.append(Task { await outcome { () async throws(StoreError) in try await store.send(.record(id)) } })
            await waitUntilQueued(store, count: id + 1)
        }
        for id in stride(from: 1, to: 20, by: 2) { senders[id].cancel() }
        gate.open()
        for (id, sender) in senders.enumerated() {
            let result = await sender.value
            if id % 2 == 1 {
                #expect(throws: StoreError.cancelled) { try result.get() }
            } else {
                _ = try result.get()
            }
        }
        let kept = Array(stride(from: 0, to: 20, by: 2))
        #expect(gate.reduced.value == kept)  // in the order they were sent
        #expect(gate.seenByMiddleware.value == kept)
        #expect(store.state == 10)
    }
}
