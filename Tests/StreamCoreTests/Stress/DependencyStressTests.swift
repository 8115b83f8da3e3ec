import Foundation
import StreamCore
import Testing
import TestSupport

/// Concurrent readers under different `withDependencies` scopes (run under ThreadSanitizer by CI).
@Suite struct DependencyStressTests {
    private static let threads = 8
    private static let rounds = 300

    /// Runs `body(thread)` on `threads` threads at once; returns when all have finished.
    private func onThreads(_ body: @escaping @Sendable (Int) -> Void) {
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for thread in 0..<Self.threads {
            done.enter()
            Thread.detachNewThread {
                start.wait()
                body(thread)
                done.leave()
            }
        }
        for _ in 0..<Self.threads { start.signal() }
        done.wait()
    }

    @Test func eachThreadReadsItsOwnScopeWhileOthersChangeTheirs() {
        let wrong = Box(0)
        onThreads { thread in
            for round in 0..<Self.rounds {
                let mine = "\(thread)-\(round)"
                withDependencies {
                    $0.greeting = mine
                } operation: {
                    withDependencies {
                        $0.liveOnly = round
                    } operation: {
                        if DependencyValues.current.greeting != mine || DependencyValues.current.liveOnly != round {
                            wrong.mutate { $0 += 1 }
                        }
                    }
                    if DependencyValues.current.greeting != mine { wrong.mutate { $0 += 1 } }
                }
            }
        }
        #expect(wrong.value == 0)
    }

    @Test func concurrentFirstReadsOfOneCacheAgreeOnOneValue() {
        // Every thread misses the fresh cache at once: each computes a value, one is kept, and
        // every read returns the kept one (no read sees a value that was not kept).
        for _ in 0..<20 {
            var values = DependencyValues.forTesting { _ in }
            values.context = .live
            let scope = DependencyScope(values)
            let seen = Box<Set<Int>>([])
            onThreads { _ in
                let first = scope.install { DependencyValues.current.counted }
                let second = scope.install { DependencyValues.current.counted }
                seen.mutate { $0.formUnion([first, second]) }
            }
            #expect(seen.value.count == 1)
        }
    }

    @Test func concurrentTasksReadTheirOwnScopes() async {
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<Self.threads {
                group.addTask {
                    var wrong = 0
                    for round in 0..<Self.rounds {
                        let mine = "\(task)-\(round)"
                        await withDependencies {
                            $0.greeting = mine
                        } operation: {
                            await Task.yield()  // resume on any thread of the pool
                            if DependencyValues.current.greeting != mine { wrong += 1 }
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
