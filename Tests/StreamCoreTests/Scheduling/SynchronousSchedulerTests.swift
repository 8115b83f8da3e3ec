import Dispatch
import Foundation
import StreamCore
import Testing
import TestSupport

/// A custom scheduler whose `schedule(after:_:)` runs the action inline (issue 17, finding 4):
/// the default repeating implementation used to recurse without bound (a stack overflow) on it.
/// Now the repetition stops without running and the misuse is reported, typed.
@Suite(.serialized) struct SynchronousSchedulerTests {
    /// Runs everything inline, delayed actions included: a broken scheduler.
    struct InlineScheduler: Scheduler {
        var now: SchedulerTime { .zero }
        func schedule(_ action: @escaping @Sendable () -> Void) { action() }
        func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
            action()
            return NonDisposable.instance
        }
    }

    /// Runs `work` with `SchedulerDiagnostics.report` recording into the returned box.
    private func recordingMisuse(_ work: () -> Void) -> [SchedulerMisuse] {
        let reports = Box<[SchedulerMisuse]>([])
        let previous = SchedulerDiagnostics.report
        SchedulerDiagnostics.report = { misuse in reports.append(misuse) }
        work()
        SchedulerDiagnostics.report = previous
        return reports.value
    }

    @Test func aRepeatingActionOnAnInlineSchedulerStopsAndReportsATypedMisuse() {
        let runs = Box(0)
        let token = Box<(any Disposable)?>(nil)
        // On a thread with a small stack: the old unbounded recursion overflowed it at once.
        let finished = DispatchSemaphore(value: 0)
        let reports = recordingMisuse {
            let thread = Thread {
                token.value = InlineScheduler().schedule(after: .zero, every: .seconds(1)) { runs.mutate { $0 += 1 } }
                finished.signal()
            }
            thread.stackSize = 256 * 1024
            thread.start()
            #expect(finished.wait(timeout: .now() + 30) == .success)
        }
        #expect(runs.value == 0)
        #expect(reports == [.delayedActionRanSynchronously(scheduler: "InlineScheduler")])
        #expect(token.value?.isDisposed == true)
        #expect(reports.first?.description.contains("recurse without bound") == true)
    }

    @Test func aTimerSignalOnAnInlineSchedulerEndsInsteadOfCrashing() {
        let reports = recordingMisuse {
            let values = Box<[Int]>([])
            let observation = Signal<Int, Never>.interval(.seconds(1), on: InlineScheduler())
                .observeNext { values.append($0) }
            #expect(values.value.isEmpty)
            observation.dispose()
        }
        #expect(reports.count == 1)
    }

    @Test func anAsynchronousSchedulerStillRepeats() {
        let queue = DispatchQueue(label: "SynchronousSchedulerTests.queue")
        let reports = recordingMisuse {
            let runs = Box(0)
            let three = DispatchSemaphore(value: 0)
            let token = queue.schedule(after: .zero, every: .milliseconds(1)) {
                if runs.mutate({
                    $0 += 1; return $0
                }) == 3 {
                    three.signal()
                }
            }
            #expect(three.wait(timeout: .now() + 30) == .success)
            token.dispose()
        }
        #expect(reports.isEmpty)
    }
}
