import TestSupport
import StreamCore
import Testing

/// Eight threads sending, observing, disposing and completing on shared signals and replaying
/// subjects at once. Every assertion is exact: nothing lost, duplicated or reordered per sender,
/// nothing after disposal or termination.
///
/// "Nothing after disposal" is checked the way the contract states it: after `dispose()`
/// returns, the disposing thread sends a marker of its own; no observer may ever receive its own
/// marker. (An event whose delivery had already begun on another thread may still be running
/// when `dispose()` returns; that is not a delivery after disposal.)
///
/// Elements are `sender * 100_000 + index`, so each observer can check per-sender order.
@Suite struct SharingStressTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    static let senders = 4
    static let perSender = 1_000
    static let observerRounds = 100

    /// Checks one transient observer's elements: per sender, a contiguous run of indexes
    /// starting at `from(sender)` (0 with a full replay).
    private static func contiguousPerSender(_ values: [Int], replayedFromStart: Bool) -> Bool {
        var next: [Int: Int] = [:]
        for value in values {
            let sender = value / 100_000
            let index = value % 100_000
            if let expected = next[sender] {
                if index != expected { return false }
            } else if replayedFromStart, index != 0 {
                return false
            }
            next[sender] = index + 1
        }
        return true
    }

    @Test func shareReplayGivesEveryObserverAGaplessHistoryWhileSendersRun() async {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.shareReplay()
        let keeper = Recorder<Int, Never>()
        let connection = shared.observe(with: keeper.observer)  // connected before any send
        let rounds = Box<[(seen: Box<[Int]>, marker: Int)]>([])
        await offCooperativePool {
            runConcurrently(threads: 8) { thread in
                if thread < Self.senders {
                    for index in 0..<Self.perSender { subject.send(thread * 100_000 + index) }
                } else {
                    for round in 0..<Self.observerRounds {
                        let seen = Box<[Int]>([])
                        let observation = shared.observeNext { seen.append($0) }
                        observation.dispose()
                        let marker = (10 + thread) * 100_000 + round
                        subject.send(marker)
                        rounds.append((seen, marker))
                    }
                }
            }
        }
        // Every send has been delivered once all threads returned: check each observer now.
        for (seen, marker) in rounds.value {
            #expect(!seen.value.contains(marker), "an observer received a marker sent after its disposal")
            #expect(Self.contiguousPerSender(seen.value.filter { $0 < 10 * 100_000 }, replayedFromStart: true))
        }
        for sender in 0..<Self.senders {
            let values = keeper.elements.filter { $0 / 100_000 == sender }
            #expect(values == (0..<Self.perSender).map { sender * 100_000 + $0 })
        }
        let late = Recorder<Int, Never>()
        bag += shared.observe(with: late.observer)
        #expect(late.elements == keeper.elements)
        connection.dispose()
    }

    @Test func shareDeliversEachElementOnceInOrderAndNothingAfterDisposal() async {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.share()
        let keeper = Recorder<Int, Never>()
        let connection = shared.observe(with: keeper.observer)
        let rounds = Box<[(seen: Box<[Int]>, marker: Int)]>([])
        await offCooperativePool {
            runConcurrently(threads: 8) { thread in
                if thread < Self.senders {
                    for index in 0..<Self.perSender { subject.send(thread * 100_000 + index) }
                } else {
                    for round in 0..<Self.observerRounds {
                        let seen = Box<[Int]>([])
                        let observation = shared.observeNext { seen.append($0) }
                        observation.dispose()
                        let marker = (10 + thread) * 100_000 + round
                        subject.send(marker)
                        rounds.append((seen, marker))
                    }
                }
            }
        }
        for (seen, marker) in rounds.value {
            #expect(!seen.value.contains(marker), "an observer received a marker sent after its disposal")
            #expect(Self.contiguousPerSender(seen.value, replayedFromStart: false))
        }
        #expect(keeper.elements.filter { $0 < 10 * 100_000 }.count == Self.senders * Self.perSender)
        #expect(isOrderedPerKey(keeper.elements) { $0 / 100_000 })
        connection.dispose()
        #expect(subject.observerCount == 0)
    }

    @Test func concurrentCompletionOfASharedSignalEndsEveryObserverExactlyOnce() async {
        for _ in 0..<20 {
            let subject = PassthroughSubject<Int, Never>()
            let shared = subject.shareReplay(limit: 3)
            let recorders = (0..<4).map { _ in Recorder<Int, Never>() }
            let observations = recorders.map { shared.observe(with: $0.observer) }
            let lateRecorders = Box<[Recorder<Int, Never>]>([])
            await offCooperativePool {
                runConcurrently(threads: 8) { thread in
                    for index in 0..<200 {
                        if thread == 0, index == 100 { subject.send(completion: .finished) }
                        if thread >= 6, index.isMultiple(of: 50) {
                            let late = Recorder<Int, Never>()
                            _ = shared.observe(with: late.observer)
                            lateRecorders.append(late)
                        }
                        subject.send(thread * 100_000 + index)
                    }
                }
            }
            for recorder in recorders + lateRecorders.value {
                let events = recorder.events
                #expect(events.last == .completed)
                #expect(events.filter(\.isTerminal).count == 1)
                #expect(isOrderedPerKey(recorder.elements) { $0 / 100_000 })
            }
            // Every early observer saw the same history.
            #expect(Set(recorders.map(\.elements)).count == 1)
            observations.forEach { $0.dispose() }
        }
    }

    @Test func replaySubjectReplaysThenDeliversWithoutGapOrDuplicate() async {
        let subject = ReplaySubject<Int, Never>()
        let violations = Box(0)
        await offCooperativePool {
            runConcurrently(threads: 8) { thread in
                if thread < Self.senders {
                    for index in 0..<Self.perSender { subject.send(thread * 100_000 + index) }
                } else {
                    for _ in 0..<Self.observerRounds {
                        let seen = Box<[Int]>([])
                        let observation = subject.observeNext { seen.append($0) }
                        observation.dispose()
                        if !Self.contiguousPerSender(seen.value, replayedFromStart: true) { violations.mutate { $0 += 1 } }
                    }
                }
            }
        }
        #expect(violations.value == 0)
        let late = Recorder<Int, Never>()
        _ = subject.observe(with: late.observer)
        #expect(late.elements.count == Self.senders * Self.perSender)
    }

    @Test func currentValueSubjectObserversStartAtACurrentValueAndNeverGoBack() async {
        let subject = CurrentValueSubject<Int, Never>(-1)
        let violations = Box(0)
        await offCooperativePool {
            runConcurrently(threads: 8) { thread in
                if thread < Self.senders {
                    for index in 0..<Self.perSender { subject.send(thread * 100_000 + index) }
                } else {
                    for _ in 0..<Self.observerRounds {
                        let seen = Box<[Int]>([])
                        let observation = subject.observeNext { seen.append($0) }
                        observation.dispose()
                        let values = seen.value
                        // (May be empty: an observer registered while another thread delivers is
                        // attached, and given the current value, by that thread, after this returns.)
                        if !isOrderedPerKey(values.filter { $0 >= 0 }, key: { $0 / 100_000 }) {
                            violations.mutate { $0 += 1 }
                        }
                    }
                }
            }
        }
        #expect(violations.value == 0)
        #expect(subject.value % 100_000 == Self.perSender - 1)
        let late = Recorder<Int, Never>()
        _ = subject.observe(with: late.observer)
        #expect(late.elements == [subject.value])
    }
}

extension Box {
    /// Appends to an array box.
    func append<E>(_ element: E) where Value == [E] {
        mutate { $0.append(element) }
    }
}
