import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct CombineLatestArityTests {
    @Test func fourSourcesWaitForAllThenFollowEach() throws {
        let scheduler = TestScheduler()
        let a = try scheduler.coldSignal("-a------e|")
        let b = try scheduler.coldSignal("--b------|")
        let c = try scheduler.coldSignal("---c-----|")
        let d = try scheduler.coldSignal("----d-f--|")
        try scheduler.expectMarbles(
            combineLatest(a, b, c, d) { $0 + $1 + $2 + $3 }, "----x-y-z|",
            values: ["x": "abcd", "y": "abcf", "z": "ebcf"]
        )
    }

    @Test func fiveAndSixSourcesTuplesAndClosures() {
        let s = (0..<6).map { _ in PassthroughSubject<Int, TestError>() }
        let five = Recorder<[Int], TestError>()
        let fiveClosure = Recorder<Int, TestError>()
        let six = Recorder<[Int], TestError>()
        let sixClosure = Recorder<Int, TestError>()
        let fourTuple = Recorder<[Int], TestError>()
        _ = combineLatest(s[0], s[1], s[2], s[3]).map { [$0, $1, $2, $3] }.observe(with: fourTuple.observer)
        _ = combineLatest(s[0], s[1], s[2], s[3], s[4]).map { [$0, $1, $2, $3, $4] }.observe(with: five.observer)
        _ = combineLatest(s[0], s[1], s[2], s[3], s[4]) { $0 + $1 + $2 + $3 + $4 }.observe(with: fiveClosure.observer)
        _ = combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map { [$0, $1, $2, $3, $4, $5] }
            .observe(with: six.observer)
        _ = combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { $0 + $1 + $2 + $3 + $4 + $5 }
            .observe(with: sixClosure.observer)
        for (index, subject) in s.enumerated() { subject.send(index) }
        s[0].send(10)
        #expect(fourTuple.elements == [[0, 1, 2, 3], [10, 1, 2, 3]])
        #expect(five.elements == [[0, 1, 2, 3, 4], [10, 1, 2, 3, 4]])
        #expect(fiveClosure.elements == [10, 20])
        #expect(six.elements == [[0, 1, 2, 3, 4, 5], [10, 1, 2, 3, 4, 5]])
        #expect(sixClosure.elements == [15, 25])
        for subject in s.dropLast() { subject.send(completion: .finished) }
        #expect(!six.isTerminated)
        #expect(five.events.last == .completed)
        s[5].send(completion: .failure(.boom))
        #expect(six.events.last == .failed(.boom))
    }

    @Test func failureDisposesEverySource() {
        let probes = (0..<6).map { _ in Probe<Int, TestError>() }
        let recorder = Recorder<[Int], TestError>()
        _ = combineLatest(probes[0].signal, probes[1].signal, probes[2].signal, probes[3].signal, probes[4].signal, probes[5].signal)
            .map { [$0, $1, $2, $3, $4, $5] }.observe(with: recorder.observer)
        probes[3].send(completion: .failure(.other(3)))
        probes[0].send(1)
        #expect(recorder.events == [.failed(.other(3))])
        #expect(probes.map(\.disposals) == [1, 1, 1, 1, 1, 1])
    }

    @Test func disposalDisposesEverySourceAndReleasesTheObserver() {
        let probes = (0..<5).map { _ in Probe<Int, TestError>() }
        let signal = combineLatest(probes[0].signal, probes[1].signal, probes[2].signal, probes[3].signal, probes[4].signal)
            .map { $0 + $1 + $2 + $3 + $4 }
        #expect(releasesEverything(signal) { $0.dispose() })
        #expect(probes.map(\.disposals) == [1, 1, 1, 1, 1])
    }
}
