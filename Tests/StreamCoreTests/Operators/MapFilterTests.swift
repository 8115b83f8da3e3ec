import TestSupport
import StreamCore
import Testing

@Suite struct MapFilterTests {
    @Test func mapTransformsElementsAndPassesTerminalEvents() {
        let recorder = Recorder<String, TestError>()
        let subject = PassthroughSubject<Int, TestError>()
        _ = subject.map { "\($0 * 10)" }.observe(with: recorder.observer)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .failure(.boom))
        #expect(recorder.events == [.next("10"), .next("20"), .failed(.boom)])
    }

    @Test func mapByKeyPath() {
        struct User: Sendable { var name: String }
        let recorder = Recorder<String, Never>()
        _ = Signal<User, Never>.sequence([User(name: "a"), User(name: "b")]).map(\.name).observe(with: recorder.observer)
        #expect(recorder.elements == ["a", "b"])
    }

    @Test func filterPassesMatchingElements() {
        let recorder = Recorder<String, Never>()
        _ = Signal<String, Never>.sequence(["Berlin", "Paris", "London", "Porto"])
            .filter { $0.hasPrefix("P") }
            .observe(with: recorder.observer)
        #expect(recorder.events == [.next("Paris"), .next("Porto"), .completed])
    }

    @Test func compactMapAndIgnoreNilsDropNil() {
        let recorder = Recorder<Int, Never>()
        _ = Signal<String, Never>.sequence(["1", "x", "3"]).compactMap { Int($0) }.observe(with: recorder.observer)
        #expect(recorder.events == [.next(1), .next(3), .completed])
        let optionals = Recorder<Int, Never>()
        _ = Signal<Int?, Never>.sequence([1, nil, 2]).ignoreNils().observe(with: optionals.observer)
        #expect(optionals.elements == [1, 2])
    }

    @Test func scanAccumulatesPerObservation() {
        let signal = Signal<Int, Never>.sequence([1, 2, 3]).scan(0, +)
        let first = Recorder<Int, Never>()
        let second = Recorder<Int, Never>()
        _ = signal.observe(with: first.observer)
        _ = signal.observe(with: second.observer)
        #expect(first.events == [.next(1), .next(3), .next(6), .completed])
        #expect(second.elements == [1, 3, 6])
    }

    @Test func disposingAChainStopsDeliveryAndReleasesClosures() {
        let subject = PassthroughSubject<Int, Never>()
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked!)
        let recorder = Recorder<Int, Never>()
        let disposable = subject.map { [tracked] in $0 + (tracked?.id ?? 0) }.filter { $0 > 0 }
            .observe(with: recorder.observer)
        tracked = nil
        subject.send(1)
        disposable.dispose()
        subject.send(2)
        #expect(recorder.elements == [1])
        #expect(weak.object == nil)
    }

    @Test func reentrantSendThroughAChainKeepsOrder() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Box<[Int]>([])
        let observation = subject.map { $0 * 2 }.observeNext { value in
            log.mutate { $0.append(value) }
            if value < 6 { subject.send(value / 2 + 1) }
        }
        subject.send(1)
        #expect(log.value == [2, 4, 6])
        observation.dispose()
    }
}
