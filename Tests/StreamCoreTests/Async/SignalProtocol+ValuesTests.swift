import Dispatch
import StreamCore
import Testing

@Suite struct SignalValuesTests {
    private struct Failure: Error, Equatable {}

    /// A signal that sends `elements` and stays open, signalling `disposed` when disposed.
    private static func openSignal(_ elements: [Int], disposed: DispatchSemaphore) -> SafeSignal<Int> {
        // Parenthesized: inside the package a trailing closure would also match `init(trusted:)`.
        SafeSignal<Int>({ observer in
            for element in elements { observer.receive(element) }
            return BlockDisposable { disposed.signal() }
        })
    }

    @Test func safeSignalValuesEndOnCompletion() async {
        var received: [Int] = []
        for await value in SafeSignal<Int>.sequence([1, 2, 3]).values {
            received.append(value)
        }
        #expect(received == [1, 2, 3])
    }

    @Test func throwingValuesThrowTheSignalError() async {
        var received: [Int] = []
        var caught: (any Error)?
        let signal = Signal<Int, Failure>.sequence([1, 2]).concatFailure(Failure())
        do {
            for try await value in signal.values { received.append(value) }
        } catch {
            caught = error
        }
        #expect(received == [1, 2])
        #expect(caught as? Failure == Failure())
    }

    @Test func throwingValuesFinishOnCompletion() async throws {
        var received: [Int] = []
        for try await value in Signal<Int, Failure>.sequence([4, 5]).values {
            received.append(value)
        }
        #expect(received == [4, 5])
    }

    @Test func breakingOutOfTheLoopDisposesTheObservation() async {
        let disposed = DispatchSemaphore(value: 0)
        var received: [Int] = []
        for await value in Self.openSignal([1, 2, 3, 4], disposed: disposed).values {
            received.append(value)
            if received.count == 2 { break }
        }
        #expect(received == [1, 2])
        #expect(await wait(for: disposed))
    }

    @Test func breakingOutOfAThrowingLoopDisposesTheObservation() async throws {
        let disposed = DispatchSemaphore(value: 0)
        let signal = Signal<Int, Failure>({ observer in
            observer.receive(1)
            observer.receive(2)
            return BlockDisposable { disposed.signal() }
        })
        for try await value in signal.values where value == 1 {
            break
        }
        #expect(await wait(for: disposed))
    }

    @Test func cancellingTheConsumingTaskDisposesTheObservation() async {
        let subject = PassthroughSubject<Int, Never>()
        let subscribed = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let signal = SafeSignal<Int>({ observer in
            let inner = subject.observe(with: observer.on)
            subscribed.signal()
            return BlockDisposable {
                inner.dispose()
                disposed.signal()
            }
        })
        let first = DispatchSemaphore(value: 0)
        let consumer = Task {
            var received: [Int] = []
            for await value in signal.values {
                received.append(value)
                first.signal()
            }
            return received
        }
        // The stream observes the signal as soon as the task builds it.
        #expect(await wait(for: subscribed))
        subject.send(1)
        #expect(await wait(for: first))
        consumer.cancel()
        #expect(await wait(for: disposed))
        #expect(await consumer.value == [1])
        #expect(subject.observerCount == 0)
    }

    @Test func bufferingPoliciesKeepTheNewestOrOldest() async throws {
        var received: [Int] = []
        for await value in SafeSignal<Int>.sequence([1, 2, 3, 4]).values(bufferingPolicy: .bufferingNewest(1)) {
            received.append(value)
        }
        #expect(received == [4])
        var oldest: [Int] = []
        for try await value in Signal<Int, Failure>.sequence([1, 2, 3]).values(bufferingPolicy: .bufferingOldest(2)) {
            oldest.append(value)
        }
        #expect(oldest == [1, 2])
    }
}

extension Signal where Element: Sendable {
    /// The signal's elements followed by a failure instead of its completion.
    fileprivate func concatFailure(_ error: Error) -> Signal {
        Signal({ observer in
            self.observe(with: { event in
                if case .completed = event { observer.on(.failed(error)) } else { observer.on(event) }
            })
        })
    }
}
