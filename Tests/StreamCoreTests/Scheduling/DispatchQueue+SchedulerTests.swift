import TestSupport
import Dispatch
import StreamCore
import Testing

@Suite struct DispatchQueueSchedulerTests {
    private static func makeQueue() -> (DispatchQueue, DispatchSpecificKey<Int>) {
        let queue = DispatchQueue(label: "dispatch-scheduler-tests")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 42)
        return (queue, key)
    }

    @Test func scheduleRunsAsynchronouslyOnTheQueue() async {
        let (queue, key) = Self.makeQueue()
        let done = DispatchSemaphore(value: 0)
        let seen = Box<Int?>(nil)
        let release = DispatchSemaphore(value: 0)
        queue.schedule {
            release.wait()
            seen.mutate { $0 = DispatchQueue.getSpecific(key: key) }
            done.signal()
        }
        #expect(seen.value == nil)
        release.signal()
        #expect(await wait(for: done))
        #expect(seen.value == 42)
    }

    @Test func scheduleAfterRunsOnTheQueueOnceTheDelayPassed() async {
        let (queue, key) = Self.makeQueue()
        let done = DispatchSemaphore(value: 0)
        let start = queue.now
        let observed = Box<(Duration, Int?)?>(nil)
        let token = queue.schedule(after: .milliseconds(50)) {
            observed.mutate { $0 = (queue.now - start, DispatchQueue.getSpecific(key: key)) }
            done.signal()
        }
        #expect(await wait(for: done))
        #expect((observed.value?.0 ?? .zero) >= .milliseconds(50))
        #expect(observed.value?.1 == 42)
        #expect(token.isDisposed)
    }

    @Test(arguments: [Duration.zero, .seconds(-3)])
    func nonPositiveDelayRunsAsSoonAsPossibleButNotInline(delay: Duration) async {
        let (queue, _) = Self.makeQueue()
        let done = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let ran = Box(false)
        _ = queue.schedule(after: delay) {
            release.wait()
            ran.mutate { $0 = true }
            done.signal()
        }
        #expect(!ran.value)
        release.signal()
        #expect(await wait(for: done))
        #expect(ran.value)
    }

    @Test func disposedActionNeverRunsAndIsReleasedAtOnce() async {
        let (queue, _) = Self.makeQueue()
        let runs = Box(0)
        weak var weakTracked: Tracked?
        let token: any Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            token = queue.schedule(after: .milliseconds(20)) {
                _ = tracked; runs.mutate { $0 += 1 }
            }
        }
        token.dispose()
        #expect(weakTracked == nil)
        // A later deadline on the same serial queue runs after the cancelled one would have.
        let done = DispatchSemaphore(value: 0)
        _ = queue.schedule(after: .milliseconds(60)) { done.signal() }
        #expect(await wait(for: done))
        #expect(runs.value == 0)
    }

    @Test(arguments: [Duration.seconds(Int64.max), .seconds(200 * 365 * 86_400), .maximumDelay * 100])
    func delayBeyondDispatchTimeWaitsForeverUntilDisposed(delay: Duration) async {
        let (queue, _) = Self.makeQueue()
        let runs = Box(0)
        weak var weakTracked: Tracked?
        let token: any Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            token = queue.schedule(after: delay) {
                _ = tracked; runs.mutate { $0 += 1 }
            }
        }
        // Were the deadline misread as a past one, the action would be due before this.
        let later = DispatchSemaphore(value: 0)
        _ = queue.schedule(after: .milliseconds(20)) { later.signal() }
        #expect(await wait(for: later))
        #expect(runs.value == 0)
        #expect(!token.isDisposed)
        token.dispose()
        #expect(weakTracked == nil)
    }

    @Test func repeatingActionTicksOnTheQueueUntilDisposed() async {
        let (queue, key) = Self.makeQueue()
        let fifth = DispatchSemaphore(value: 0)
        let runs = Box<[Int?]>([])
        let token = Box<(any Disposable)?>(nil)
        queue.sync {
            token.mutate {
                $0 = queue.schedule(after: .zero, every: .milliseconds(5)) {
                    let count = runs.mutate { runs in
                        runs.append(DispatchQueue.getSpecific(key: key))
                        return runs.count
                    }
                    if count == 5 {
                        token.value?.dispose()
                        fifth.signal()
                    }
                }
            }
        }
        #expect(await wait(for: fifth))
        // Had a sixth run been scheduled, it would be due before this action.
        let later = DispatchSemaphore(value: 0)
        _ = queue.schedule(after: .milliseconds(30)) { later.signal() }
        #expect(await wait(for: later))
        #expect(runs.value == Array(repeating: 42, count: 5))
    }

    @Test func nowIsMonotonic() {
        let queue = DispatchQueue.global()
        let readings = (0..<100).map { _ in queue.now }
        #expect(readings == readings.sorted())
    }

    @Test func contextRunsOnTheQueue() async {
        let (queue, key) = Self.makeQueue()
        let done = DispatchSemaphore(value: 0)
        let seen = Box<Int?>(nil)
        queue.context.execute {
            seen.mutate { $0 = DispatchQueue.getSpecific(key: key) }
            done.signal()
        }
        #expect(await wait(for: done))
        #expect(seen.value == 42)
    }
}
