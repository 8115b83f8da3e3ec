import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct SignalAsyncSequenceTests {
    private struct Failure: Error, Equatable {}

    @Test func sendsTheElementsThenCompletes() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let done = DispatchSemaphore(value: 0)
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal(asyncSequence: stream).observe { event in
            recorder.observer(event)
            if event.isTerminal { done.signal() }
        }
        continuation.yield(1)
        continuation.yield(2)
        continuation.yield(3)
        continuation.finish()
        #expect(await wait(for: done))
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func failsWithTheSequenceFailure() async {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        let done = DispatchSemaphore(value: 0)
        let events = Box<[String]>([])
        _ = Signal<Int, any Error>(asyncSequence: stream).observe { event in
            switch event {
            case .next(let value): events.mutate { $0.append("\(value)") }
            case .failed(let error): events.mutate { $0.append(error is Failure ? "failure" : "other") }
            case .completed: events.mutate { $0.append("completed") }
            }
            if event.isTerminal { done.signal() }
        }
        continuation.yield(1)
        continuation.finish(throwing: Failure())
        #expect(await wait(for: done))
        #expect(events.value == ["1", "failure"])
    }

    @Test func typedFailureIsKept() async {
        let done = DispatchSemaphore(value: 0)
        let recorder = Recorder<Int, Failure>()
        _ = Signal<Int, Failure>(asyncSequence: Countdown(from: 2)).observe { event in
            recorder.observer(event)
            if event.isTerminal { done.signal() }
        }
        #expect(await wait(for: done))
        #expect(recorder.events == [.next(2), .next(1), .failed(Failure())])
    }

    @Test func disposingCancelsTheIteration() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let terminated = DispatchSemaphore(value: 0)
        let termination = Box<String?>(nil)
        continuation.onTermination = { reason in
            let name = if case .cancelled = reason { "cancelled" } else { "finished" }
            termination.mutate { $0 = name }
            terminated.signal()
        }
        let first = DispatchSemaphore(value: 0)
        let recorder = Recorder<Int, Never>()
        let observation = SafeSignal(asyncSequence: stream).observe { event in
            recorder.observer(event)
            first.signal()
        }
        continuation.yield(1)
        #expect(await wait(for: first))
        observation.dispose()
        #expect(await wait(for: terminated))
        #expect(termination.value == "cancelled")
        continuation.yield(2)
        #expect(recorder.events == [.next(1)])
    }

    /// An async sequence with a typed failure: counts down, then fails.
    private struct Countdown: AsyncSequence, Sendable {
        let from: Int
        struct Iterator: AsyncIteratorProtocol {
            var current: Int
            mutating func next() async throws(Failure) -> Int? {
                guard current > 0 else { throw Failure() }
                defer { current -= 1 }
                return current
            }
        }
        func makeAsyncIterator() -> Iterator { Iterator(current: from) }
    }
}
