import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct RetryTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    /// A signal that fails on its first `failures` observations and then sends `[1, 2]`.
    private func flaky(failures: Int, attempts: Box<Int>) -> Signal<Int, TestError> {
        Signal({ observer in
            let attempt = attempts.mutate {
                $0 += 1; return $0
            }
            observer.receive(attempt * 10)
            if attempt <= failures {
                observer.receive(completion: .failure(TestError.other(attempt)))
            } else {
                observer.receive(lastElement: 1)
            }
            return NonDisposable.instance
        })
    }

    @Test func resubscribesAfterFailureUntilSuccess() {
        let attempts = Box(0)
        let recorder = Recorder<Int, TestError>()
        _ = flaky(failures: 2, attempts: attempts).retry(3).observe(with: recorder.observer)
        #expect(recorder.events == [.next(10), .next(20), .next(30), .next(1), .completed])
        #expect(attempts.value == 3)
    }

    @Test func passesTheLastFailureWhenRetriesRunOut() {
        let attempts = Box(0)
        let recorder = Recorder<Int, TestError>()
        _ = flaky(failures: 5, attempts: attempts).retry(2).observe(with: recorder.observer)
        #expect(recorder.events == [.next(10), .next(20), .next(30), .failed(TestError.other(3))])
        #expect(attempts.value == 3)
    }

    @Test func zeroOrNegativeTimesRetriesNothing() {
        for times in [0, -1] {
            let attempts = Box(0)
            let recorder = Recorder<Int, TestError>()
            _ = flaky(failures: 1, attempts: attempts).retry(times).observe(with: recorder.observer)
            #expect(recorder.events == [.next(10), .failed(TestError.other(1))])
            #expect(attempts.value == 1)
        }
    }

    @Test func synchronousFailuresRetryInConstantStack() {
        let attempts = Box(0)
        let recorder = Recorder<Int, TestError>()
        let failing = Signal<Int, TestError>.trusted({ observer in
            attempts.mutate { $0 += 1 }
            observer.on(.failed(TestError.other(1)))
            return DisposedDisposable.instance
        })
        _ = failing.retry(10_000).observe(with: recorder.observer)
        #expect(attempts.value == 10_001)
        #expect(recorder.events == [.failed(TestError.other(1))])

        let guarded = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.failed(TestError.other(2)).retry(10_000).observe(with: guarded.observer)
        #expect(guarded.events == [.failed(TestError.other(2))])
    }

    @Test func asynchronousFailuresRetry() async {
        let attempts = Box(0)
        let done = DispatchSemaphore(value: 0)
        let recorder = Recorder<Int, TestError>()
        let signal = Signal<Int, TestError>({ observer in
            let attempt = attempts.mutate {
                $0 += 1; return $0
            }
            DispatchQueue.global().async {
                if attempt < 4 {
                    observer.receive(completion: .failure(TestError.other(attempt)))
                } else {
                    observer.receive(lastElement: attempt)
                }
            }
            return NonDisposable.instance
        })
        _ = signal.retry(5).observe(with: { event in
            recorder.observer(event)
            if event.isTerminal { done.signal() }
        })
        #expect(await wait(for: done))
        #expect(recorder.events == [.next(4), .completed])
        #expect(attempts.value == 4)
    }

    @Test func disposeStopsRetryingAndDisposesTheAttempt() {
        // Every attempt observes `data`, and fails when `fail` sends; both subjects stay alive.
        let data = PassthroughSubject<Int, Never>()
        let fail = PassthroughSubject<Void, Never>()
        let counts = Box((subscriptions: 0, disposals: 0))
        let source = Signal<Int, TestError>({ observer in
            counts.mutate { $0.subscriptions += 1 }
            let elements = data.observeNext { observer.receive($0) }
            let failure = fail.observeNext { observer.receive(completion: .failure(TestError.boom)) }
            return BlockDisposable {
                counts.mutate { $0.disposals += 1 }
                elements.dispose()
                failure.dispose()
            }
        })
        let recorder = Recorder<Int, TestError>()
        let observation = source.retry(3).observe(with: recorder.observer)
        data.send(1)
        fail.send(())
        #expect(counts.value.subscriptions == 2)
        #expect(counts.value.disposals == 1)
        observation.dispose()
        data.send(2)
        fail.send(())
        #expect(recorder.events == [.next(1)])
        #expect(counts.value.subscriptions == 2)
        #expect(counts.value.disposals == 2)
        #expect(data.observerCount == 0 && fail.observerCount == 0)
    }

    @Test func resubscribingToATerminatedSubjectUsesUpTheRetries() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        _ = subject.retry(3).observe(with: recorder.observer)
        subject.send(1)
        subject.send(completion: .failure(TestError.other(8)))
        #expect(recorder.events == [.next(1), .failed(TestError.other(8))])
    }

    @Test func reentrantSendFromObserverKeepsOrder() {
        let subject = PassthroughSubject<Int, TestError>()
        let log = Box<[Int]>([])
        bag += subject.retry(1).observeNext { value in
            log.mutate { $0.append(value) }
            if value == 1 { subject.send(2) }
            log.mutate { $0.append(-value) }
        }
        subject.send(1)
        #expect(log.value == [1, -1, 2, -2])
    }

    @Test func releasesCapturedObjects() {
        weak var weakRef: Tracked?
        let subject = PassthroughSubject<Int, TestError>()
        do {
            let tracked = Tracked()
            weakRef = tracked
            _ = subject.retry(2).observeNext { _ in _ = tracked }
            subject.send(completion: .failure(TestError.boom))
        }
        #expect(weakRef == nil)

        weak var disposedRef: Tracked?
        let other = PassthroughSubject<Int, TestError>()
        do {
            let tracked = Tracked()
            disposedRef = tracked
            let observation = other.retry(2).observeNext { _ in _ = tracked }
            observation.dispose()
        }
        #expect(disposedRef == nil)
        #expect(other.observerCount == 0)
    }

    @Test func observationIsReleasedAfterDisposeAndTermination() {
        let subject = PassthroughSubject<Int, TestError>()
        #expect(releasesEverything(subject.retry(2)) { $0.dispose() })
        #expect(releasesEverything(subject.retry(2)) { _ in subject.send(completion: .failure(TestError.boom)) })
    }
}
