import TestSupport
import StreamCore
import Testing

/// Many threads sending, observing and disposing at once; every assertion is exact.
@Suite struct SubjectStressTests {
    @Test func eightSendersOneObserverNothingLostNothingReordered() {
        let subject = PassthroughSubject<[Int], Never>()
        let detector = OverlapDetector()
        let perThread = Box<[Int: [Int]]>([:])
        subject.observeNext { pair in
            detector.enter()
            perThread.mutate { $0[pair[0], default: []].append(pair[1]) }
            detector.leave()
        }
        runConcurrently { thread in
            for index in 0..<5_000 { subject.send([thread, index]) }
        }
        #expect(detector.overlapCount == 0)
        for thread in 0..<8 {
            #expect(perThread.value[thread] == Array(0..<5_000))
        }
    }

    @Test func sendersObserversAndDisposersAtOnce() {
        let subject = PassthroughSubject<[Int], Never>()
        let afterDispose = Box(0)
        let received = Box(0)
        runConcurrently(threads: 8) { thread in
            if thread < 4 {
                for index in 0..<3_000 { subject.send([thread, index]) }
            } else {
                for round in 0..<300 {
                    let disposed = Box(false)
                    let lastSeen = Box<[Int: Int]>([:])
                    let late = Box(0)
                    let disposable = subject.observeNext { pair in
                        // What `dispose()` promises: after it returns, at most the event already
                        // in the role holder's hands (past its disposed check, on another thread)
                        // arrives, and nothing sent after it returned.
                        if disposed.value {
                            if pair[0] == -thread { afterDispose.mutate { $0 += 1 } }
                            late.mutate { $0 += 1 }
                            if late.value > 1 { afterDispose.mutate { $0 += 1 } }
                        }
                        received.mutate { $0 += 1 }
                        // Per-observer order: each sender's indexes only grow.
                        lastSeen.mutate { seen in
                            if let previous = seen[pair[0]], previous >= pair[1] {
                                afterDispose.mutate { $0 += 1_000_000 }
                            }
                            seen[pair[0]] = pair[1]
                        }
                    }
                    disposable.dispose()
                    disposed.mutate { $0 = true }
                    // Anything this thread sends now happens after dispose returned. Keyed by
                    // this thread with a growing index, so the per-sender order check holds for
                    // these too (a shared key [-1, 0] from four threads could reach one observer
                    // twice and count as a reordering).
                    subject.send([-thread, round])
                }
            }
        }
        #expect(afterDispose.value == 0)
        #expect(subject.observerCount == 0)
        _ = received.value
    }

    @Test func concurrentCompletionStopsEverySender() {
        for _ in 0..<20 {
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder<Int, Never>()
            _ = subject.observe(with: recorder.observer)
            runConcurrently { thread in
                for index in 0..<200 {
                    if thread == 0, index == 100 { subject.send(completion: .finished) }
                    subject.send(index)
                }
            }
            let events = recorder.events
            #expect(events.last == .completed)
            #expect(events.filter(\.isTerminal).count == 1)
        }
    }

    @Test func propertyUnderConcurrentWritesReadsAndObservers() {
        let property = Property([-1, -1])
        let violations = Box(0)
        let lastDelivered = Box([-1, -1])
        property.observeNext { pair in lastDelivered.mutate { $0 = pair } }
        runConcurrently { thread in
            if thread < 4 {
                for index in 0..<2_000 { property.value = [thread, index] }
            } else {
                for _ in 0..<200 {
                    let lastSeen = Box<[Int: Int]>([:])
                    let disposable = property.observeNext { pair in
                        lastSeen.mutate { seen in
                            if let previous = seen[pair[0]], previous >= pair[1] {
                                violations.mutate { $0 += 1 }
                            }
                            seen[pair[0]] = pair[1]
                        }
                    }
                    _ = property.value
                    disposable.dispose()
                }
            }
        }
        #expect(violations.value == 0)
        #expect(lastDelivered.value == property.value)
        let recorder = Recorder<[Int], Never>()
        _ = property.observe(with: recorder.observer)
        #expect(recorder.elements == [property.value])
    }
}
