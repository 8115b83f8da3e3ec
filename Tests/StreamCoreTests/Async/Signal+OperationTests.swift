import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct SignalOperationTests {
    private struct Failure: Error, Equatable {
        let code: Int
    }

    /// Observes `signal` and returns its events once it terminates.
    private static func events<E: Sendable & Equatable, F: Error>(
        of signal: Signal<E, F>
    ) async -> [Signal<E, F>.Event]? {
        let done = DispatchSemaphore(value: 0)
        let recorder = Recorder<E, F>()
        _ = signal.observe { event in
            recorder.observer(event)
            if event.isTerminal { done.signal() }
        }
        guard await wait(for: done) else { return nil }
        return recorder.events
    }

    @Test func sendsTheResultThenCompletes() async {
        let signal = Signal<Int, Failure>(operation: { () async throws(Failure) -> Int in
            await Task.yield()
            return 42
        })
        #expect(await Self.events(of: signal) == [.next(42), .completed])
    }

    @Test func failsWithTheTypedError() async {
        let signal = Signal<Int, Failure>(operation: { () async throws(Failure) -> Int in
            throw Failure(code: 7)
        })
        #expect(await Self.events(of: signal) == [.failed(Failure(code: 7))])
    }

    @Test func safeSignalTakesANonThrowingClosure() async {
        let signal = SafeSignal<String>(operation: { "hello" })
        #expect(await Self.events(of: signal) == [.next("hello"), .completed])
    }

    @Test func untypedThrowsMakesAnAnyErrorSignal() async {
        let signal = Signal<Int, any Error>(operation: { () async throws -> Int in throw Failure(code: 3) })
        let done = DispatchSemaphore(value: 0)
        let error = Box<Failure?>(nil)
        _ = signal.observeFailed { failure in
            error.mutate { $0 = failure as? Failure }
            done.signal()
        }
        #expect(await wait(for: done))
        #expect(error.value == Failure(code: 3))
    }

    @Test func eachObservationRunsTheOperationAgain() async {
        let runs = Box(0)
        let signal = SafeSignal<Int>(operation: {
            runs.mutate {
                $0 += 1; return $0
            }
        })
        #expect(await Self.events(of: signal) == [.next(1), .completed])
        #expect(await Self.events(of: signal) == [.next(2), .completed])
    }

    @Test func disposingCancelsTheTask() async {
        let (never, _) = AsyncStream.makeStream(of: Int.self)
        let started = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let sawCancellation = Box(false)
        let recorder = Recorder<Int, Never>()
        let signal = SafeSignal<Int>(operation: {
            started.signal()
            // An AsyncStream that nobody feeds ends only when the task is cancelled.
            for await _ in never {}
            sawCancellation.mutate { $0 = Task.isCancelled }
            ended.signal()
            return 1
        })
        let observation = signal.observe(with: recorder.observer)
        #expect(await wait(for: started))
        observation.dispose()
        #expect(await wait(for: ended))
        #expect(sawCancellation.value)
        #expect(recorder.events.isEmpty)
    }
}
