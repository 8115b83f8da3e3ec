import TestSupport
import StreamCore
import Testing

@Suite struct ScheduledActionTests {
    @Test func runsOnceOnly() {
        let runs = Box(0)
        let action = ScheduledAction { runs.mutate { $0 += 1 } }
        #expect(!action.isDisposed)
        action.run()
        action.run()
        #expect(runs.value == 1)
        #expect(action.isDisposed)
    }

    @Test func disposingBeforeRunningCancelsAndReleasesTheWork() {
        let runs = Box(0)
        weak var weakTracked: Tracked?
        let action: ScheduledAction
        do {
            let tracked = Tracked()
            weakTracked = tracked
            action = ScheduledAction {
                _ = tracked; runs.mutate { $0 += 1 }
            }
        }
        #expect(weakTracked != nil)
        action.dispose()
        #expect(weakTracked == nil)
        action.run()
        #expect(runs.value == 0)
        #expect(action.isDisposed)
    }
}
