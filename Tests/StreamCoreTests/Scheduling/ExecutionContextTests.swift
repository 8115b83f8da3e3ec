import TestSupport
import Dispatch
import Foundation
import StreamCore
import Testing

/// Whether the caller runs on the main queue: the main thread on Darwin; on Linux the main queue
/// is serviced by a worker thread once `dispatchMain()` has run, as in the test runner.
private let mainQueueKey: DispatchSpecificKey<Int> = {
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

private func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == 1
}

@Suite struct ExecutionContextTests {
    @Test func immediateRunsBeforeExecuteReturns() {
        let log = Box<[String]>([])
        ExecutionContext.immediate.execute { log.mutate { $0.append("work") } }
        log.mutate { $0.append("after") }
        #expect(log.value == ["work", "after"])
    }

    @Test func customContextReceivesTheWork() {
        let count = Box(0)
        let counting = ExecutionContext { work in
            count.mutate { $0 += 1 }
            work()
            work()
        }
        let runs = Box(0)
        counting.execute { runs.mutate { $0 += 1 } }
        #expect(count.value == 1)
        #expect(runs.value == 2)
    }

    @Test func mainRunsAsynchronouslyOnTheMainQueue() async {
        let done = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let onMain = Box<Bool?>(nil)
        ExecutionContext.main.execute {
            release.wait()
            onMain.mutate { $0 = isOnMainQueue() }
            done.signal()
        }
        // The work waits for `release`, so reaching this line means execute returned first.
        #expect(onMain.value == nil)
        release.signal()
        #expect(await wait(for: done))
        #expect(onMain.value == true)
    }

    @Test func immediateOnMainHopsToTheMainQueueFromAnotherThread() async {
        let done = DispatchSemaphore(value: 0)
        let onMain = Box<Bool?>(nil)
        DispatchQueue.global().async {
            ExecutionContext.immediateOnMain.execute {
                onMain.mutate { $0 = isOnMainQueue() }
                done.signal()
            }
        }
        #expect(await wait(for: done))
        #expect(onMain.value == true)
    }

    @Test func immediateOnMainIsSynchronousOnTheMainQueue() async {
        let done = DispatchSemaphore(value: 0)
        let log = Box<[String]>([])
        DispatchQueue.main.async {
            ExecutionContext.immediateOnMain.execute { log.mutate { $0.append("work") } }
            log.mutate { $0.append("after") }
            done.signal()
        }
        #expect(await wait(for: done))
        #expect(log.value == ["work", "after"])
    }

    @Test func globalRunsAsynchronouslyOffTheMainThread() async {
        let done = DispatchSemaphore(value: 0)
        let onMain = Box<Bool?>(nil)
        let release = DispatchSemaphore(value: 0)
        ExecutionContext.global(qos: .utility).execute {
            release.wait()
            onMain.mutate { $0 = isOnMainQueue() }
            done.signal()
        }
        // The work is blocked until we release it, so execute must have returned without running it.
        #expect(onMain.value == nil)
        release.signal()
        #expect(await wait(for: done))
        #expect(onMain.value == false)
    }

    @Test func dispatchQueueContextRunsOnThatQueue() async {
        let queue = DispatchQueue(label: "execution-context-tests")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let done = DispatchSemaphore(value: 0)
        let seen = Box<Int?>(nil)
        queue.context.execute {
            seen.mutate { $0 = DispatchQueue.getSpecific(key: key) }
            done.signal()
        }
        #expect(await wait(for: done))
        #expect(seen.value == 7)
    }
}
