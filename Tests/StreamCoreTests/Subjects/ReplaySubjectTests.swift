import TestSupport
import StreamCore
import Testing

@Suite struct ReplaySubjectTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func replaysTheLastElementsToLateObservers() {
        let subject = ReplaySubject<Int, Never>(bufferSize: 2)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        let recorder = Recorder<Int, Never>()
        _ = subject.observe(with: recorder.observer)
        subject.send(4)
        #expect(recorder.elements == [2, 3, 4])
    }

    @Test func replaysEverythingByDefault() {
        let subject = ReplaySubject<Int, Never>()
        for value in 0..<100 { subject.send(value) }
        let recorder = Recorder<Int, Never>()
        _ = subject.observe(with: recorder.observer)
        #expect(recorder.elements == Array(0..<100))
    }

    @Test func replaysTheTerminalEventAfterTheBuffer() {
        let subject = ReplaySubject<Int, TestError>(bufferSize: 1)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .failure(.boom))
        let recorder = Recorder<Int, TestError>()
        let disposable = subject.observe(with: recorder.observer)
        #expect(recorder.events == [.next(2), .failed(.boom)])
        #expect(disposable.isDisposed)
    }

    @Test func zeroOrNegativeBufferReplaysOnlyTheTerminalEvent() {
        for size in [0, -5] {
            let subject = ReplaySubject<Int, Never>(bufferSize: size)
            subject.send(1)
            let recorder = Recorder<Int, Never>()
            _ = subject.observe(with: recorder.observer)
            subject.send(2)
            subject.send(completion: .finished)
            #expect(recorder.events == [.next(2), .completed])
            let late = Recorder<Int, Never>()
            _ = subject.observe(with: late.observer)
            #expect(late.events == [.completed])
        }
    }

    @Test func observerAddedInsideHandlerIsReplayedRightAfterTheCurrentEvent() {
        defer { bag.dispose() }  // handlers below capture what they observe: end them with the test
        let subject = ReplaySubject<Int, Never>(bufferSize: 1)
        let log = Box<[String]>([])
        let added = Box(false)
        bag += subject.observeNext { value in
            log.mutate { $0.append("outer\(value)") }
            if !added.value {
                added.mutate { $0 = true }
                subject.observeNext { inner in log.mutate { $0.append("inner\(inner)") } }
                log.mutate { $0.append("added") }
            }
        }
        subject.send(1)
        subject.send(2)
        #expect(log.value == ["outer1", "added", "inner1", "outer2", "inner2"])
    }

    @Test func replayIsGaplessWhileAnotherThreadSends() {
        for _ in 0..<10 {
            let subject = ReplaySubject<Int, Never>()
            let recorders = (0..<7).map { _ in Recorder<Int, Never>() }
            runConcurrently { thread in
                if thread == 7 {
                    for value in 0..<2_000 { subject.send(value) }
                    subject.send(completion: .finished)
                } else {
                    _ = subject.observe(with: recorders[thread].observer)
                }
            }
            for recorder in recorders {
                #expect(recorder.events == (0..<2_000).map { .next($0) } + [.completed])
            }
        }
    }

    @Test func replayOneIsContiguousWhileAnotherThreadSends() {
        for _ in 0..<10 {
            let subject = ReplayOneSubject<Int, Never>()
            let recorders = (0..<7).map { _ in Recorder<Int, Never>() }
            runConcurrently { thread in
                if thread == 7 {
                    for value in 0..<2_000 { subject.send(value) }
                    subject.send(completion: .finished)
                } else {
                    _ = subject.observe(with: recorders[thread].observer)
                }
            }
            for recorder in recorders {
                let elements = recorder.elements
                #expect(elements.last == 1_999)
                if let first = elements.first {
                    #expect(elements == Array(first..<2_000))
                }
                #expect(recorder.events.last == .completed)
            }
        }
    }

    @Test func replayOneSubjectReplaysOnlyTheLatest() {
        let subject = ReplayOneSubject<String, Never>()
        let empty = Recorder<String, Never>()
        _ = subject.observe(with: empty.observer)
        #expect(empty.events.isEmpty)
        subject.send("a")
        subject.send("b")
        let recorder = Recorder<String, Never>()
        _ = subject.observe(with: recorder.observer)
        #expect(recorder.elements == ["b"])
        #expect(empty.elements == ["a", "b"])
    }
}
