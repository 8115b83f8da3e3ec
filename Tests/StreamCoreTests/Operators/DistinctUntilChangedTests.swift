import TestSupport
import StreamCore
import Testing

@Suite struct DistinctUntilChangedTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    @Test func dropsConsecutiveDuplicatesOnly() {
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 1, 2, 1, 1, 3, 3]).distinctUntilChanged().observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(2), .next(1), .next(3), .completed])
    }

    @Test func customComparisonAndAliases() {
        let byParity = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 3, 4, 6, 7]).distinctUntilChanged { $0 % 2 == $1 % 2 }
            .observe(with: byParity.observer)
        #expect(byParity.elements == [1, 4, 7])

        let alias = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 1, 2]).removeDuplicates().observe(with: alias.observer)
        #expect(alias.elements == [1, 2])

        let aliasBy = Recorder<Int, Never>()
        _ = SafeSignal.sequence([1, 3, 4]).removeDuplicates { $0 % 2 == $1 % 2 }.observe(with: aliasBy.observer)
        #expect(aliasBy.elements == [1, 4])
    }

    @Test func comparesWithTheLastSentElement() {
        // With a non-transitive comparison the reference is the last element passed on.
        let recorder = Recorder<Int, Never>()
        _ = SafeSignal.sequence([0, 1, 2, 3]).distinctUntilChanged { abs($0 - $1) <= 1 }
            .observe(with: recorder.observer)
        #expect(recorder.elements == [0, 2])
    }

    @Test func terminationPassesThrough() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        _ = subject.distinctUntilChanged().observe(with: recorder.observer)
        subject.send(1)
        subject.send(1)
        subject.send(completion: .failure(TestError.other(3)))
        #expect(recorder.events == [.next(1), .failed(TestError.other(3))])
    }

    @Test func disposeStopsEventsAndDisposesUpstream() {
        let source = Probe<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = source.signal.distinctUntilChanged().observe(with: recorder.observer)
        source.send(1)
        observation.dispose()
        source.send(2)
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals == 1)
    }

    @Test func reentrantSendIsComparedInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Box<[Int]>([])
        bag += subject.distinctUntilChanged().observeNext { value in
            log.mutate { $0.append(value) }
            if value == 1 {
                subject.send(1)
                subject.send(2)
            }
        }
        subject.send(1)
        #expect(log.value == [1, 2])
    }

    @Test func releasesCapturedObjects() {
        weak var weakRef: Tracked?
        let subject = PassthroughSubject<Int, Never>()
        do {
            let tracked = Tracked()
            weakRef = tracked
            let observation = subject.distinctUntilChanged { _, _ in
                _ = tracked; return false
            }.observeNext { _ in }
            subject.send(1)
            observation.dispose()
        }
        #expect(weakRef == nil)
    }

    @Test func keyPathOverloadComparesTheValueAtTheKeyPath() {
        struct Item: Sendable, Equatable { let group: Int; let name: String }
        let items = [
            Item(group: 1, name: "a"), Item(group: 1, name: "b"), Item(group: 2, name: "c"),
            Item(group: 1, name: "d"),
        ]
        let recorder = Recorder<Item, Never>()
        _ = SafeSignal.sequence(items).distinctUntilChanged(by: \.group).observe(with: recorder.observer)
        #expect(recorder.elements.map(\.name) == ["a", "c", "d"])
        #expect(recorder.events.last == .completed)
    }
}
