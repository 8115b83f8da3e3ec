import TestSupport
import StreamCore
import Testing

@Suite struct PassthroughSubjectTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func deliversToObserversInSubscriptionOrder() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Box<[String]>([])
        for name in ["a", "b", "c"] {
            subject.observeNext { value in log.mutate { $0.append("\(name)\(value)") } }
        }
        subject.send(1)
        subject.send(2)
        #expect(log.value == ["a1", "b1", "c1", "a2", "b2", "c2"])
    }

    @Test func lateObserverReceivesOnlyLaterEvents() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(1)
        let recorder = Recorder<Int, Never>()
        _ = subject.observe(with: recorder.observer)
        subject.send(2)
        #expect(recorder.events == [.next(2)])
    }

    @Test func completionEndsObservationsAndIsGivenToLateObservers() {
        let subject = PassthroughSubject<Int, TestError>()
        let early = Recorder<Int, TestError>()
        let disposable = subject.observe(with: early.observer)
        subject.send(1)
        subject.send(completion: .failure(.boom))
        subject.send(2)
        subject.send(completion: .finished)
        #expect(early.events == [.next(1), .failed(.boom)])
        #expect(disposable.isDisposed)
        #expect(subject.observerCount == 0)
        let late = Recorder<Int, TestError>()
        let lateDisposable = subject.observe(with: late.observer)
        #expect(late.events == [.failed(.boom)])
        #expect(lateDisposable.isDisposed)
    }

    @Test func disposedObserverReceivesNothingMore() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let disposable = subject.observe(with: recorder.observer)
        subject.send(1)
        disposable.dispose()
        disposable.dispose()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.events == [.next(1)])
        #expect(disposable.isDisposed)
        #expect(subject.observerCount == 0)
    }

    @Test func observerDisposedByAnEarlierObserverMissesTheCurrentEvent() {
        let subject = PassthroughSubject<Int, Never>()
        let second = Box<(any Disposable)?>(nil)
        let log = Box<[String]>([])
        subject.observeNext { value in
            log.mutate { $0.append("a\(value)") }
            second.value?.dispose()
        }
        second.mutate { $0 = subject.observeNext { value in log.mutate { $0.append("b\(value)") } } }
        subject.send(1)
        subject.send(2)
        #expect(log.value == ["a1", "a2"])
    }

    @Test func observerCanDisposeItselfInsideItsHandler() {
        let subject = PassthroughSubject<Int, Never>()
        let own = Box<(any Disposable)?>(nil)
        let recorder = Recorder<Int, Never>()
        own.mutate {
            $0 = subject.observe { event in
                recorder.observer(event)
                own.value?.dispose()
            }
        }
        subject.send(1)
        subject.send(2)
        #expect(recorder.events == [.next(1)])
        #expect(subject.observerCount == 0)
    }

    @Test func reentrantSendIsDeliveredToEveryoneAfterTheCurrentEvent() {
        defer { bag.dispose() }  // handlers below capture what they observe: end them with the test
        let subject = PassthroughSubject<Int, Never>()
        let log = Box<[String]>([])
        bag += subject.observeNext { value in
            log.mutate { $0.append("a\(value)") }
            if value == 1 { subject.send(2) }
        }
        bag += subject.observeNext { value in log.mutate { $0.append("b\(value)") } }
        subject.send(1)
        #expect(log.value == ["a1", "b1", "a2", "b2"])
    }

    @Test func deepReentrancyUsesConstantStack() {
        defer { bag.dispose() }  // handlers below capture what they observe: end them with the test
        let subject = PassthroughSubject<Int, Never>()
        let depth = Box(0)
        let maxDepth = Box(0)
        let count = Box(0)
        bag += subject.observeNext { value in
            let current = depth.mutate {
                $0 += 1; return $0
            }
            maxDepth.mutate { $0 = max($0, current) }
            count.mutate { $0 += 1 }
            if value < 100_000 { subject.send(value + 1) }
            depth.mutate { $0 -= 1 }
        }
        subject.send(0)
        #expect(count.value == 100_001)
        #expect(maxDepth.value == 1)
    }

    @Test func observerAddedInsideHandlerGetsOnlyLaterEvents() {
        defer { bag.dispose() }  // a handler below captures the bag: dispose it explicitly
        let subject = PassthroughSubject<Int, Never>()
        let inner = Recorder<Int, Never>()
        let added = Box(false)
        bag += subject.observeNext { _ in
            if !added.value {
                added.mutate { $0 = true }
                bag += subject.observe(with: inner.observer)
            }
        }
        subject.send(1)
        subject.send(2)
        #expect(inner.events == [.next(2)])
    }

    @Test func massDisposalKeepsOrderAndCounts() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Box<[Int]>([])
        let disposables = (0..<1_000).map { index in
            subject.observeNext { _ in log.mutate { $0.append(index) } }
        }
        var generator = SystemRandomNumberGenerator()
        let removed = Set((0..<1_000).shuffled(using: &generator).prefix(700))
        for index in removed { disposables[index].dispose() }
        #expect(subject.observerCount == 300)
        subject.send(0)
        #expect(log.value == (0..<1_000).filter { !removed.contains($0) })
        let more = subject.observeNext { _ in log.mutate { $0.append(-1) } }
        log.mutate { $0 = [] }
        subject.send(1)
        #expect(log.value.last == -1)
        #expect(log.value.count == 301)
        more.dispose()
    }

    @Test func disposeReleasesTheObserverClosure() {
        let subject = PassthroughSubject<Int, Never>()
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked!)
        let disposable = subject.observe { [tracked] _ in _ = tracked }
        tracked = nil
        #expect(weak.object != nil)
        disposable.dispose()
        #expect(weak.object == nil)
    }

    @Test func completionReleasesObserverClosuresEvenIfDisposablesAreKept() {
        let subject = PassthroughSubject<Int, Never>()
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked!)
        let disposable = subject.observe { [tracked] _ in _ = tracked }
        tracked = nil
        subject.send(completion: .finished)
        #expect(weak.object == nil)
        _ = disposable
    }

    @Test func subjectDeinitReleasesObservers() {
        var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
        var tracked: Tracked? = Tracked()
        let weakTracked = WeakRef(tracked!)
        let weakSubject = WeakRef(subject!)
        let disposable = subject!.observe { [tracked] _ in _ = tracked }
        tracked = nil
        subject = nil
        #expect(weakSubject.object == nil)
        #expect(weakTracked.object == nil)
        #expect(disposable.isDisposed)
        disposable.dispose()
    }

    @Test func voidSubjectSendsWithoutArgument() {
        let subject = PassthroughSubject<Void, Never>()
        let count = Box(0)
        subject.observeNext { count.mutate { $0 += 1 } }
        subject.send()
        subject.send()
        #expect(count.value == 2)
    }

    @Test func subjectAliasesNameTheSameType() {
        #expect(Subject<Int, Never>.self == PassthroughSubject<Int, Never>.self)
        #expect(SafePassthroughSubject<Int>.self == PassthroughSubject<Int, Never>.self)
    }
}
