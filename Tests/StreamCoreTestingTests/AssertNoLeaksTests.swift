import TestSupport
import Dispatch
import StreamCore
import StreamCoreTesting
import Testing

@Suite struct AssertNoLeaksTests {
    @Test func passesWhenEverythingCreatedIsDisposed() {
        let subject = PassthroughSubject<Int, Never>()
        let reports = LeakReports()
        let result = assertNoLeaks(reportFailure: reports.append) {
            let observation = subject.map { $0 * 2 }.observeNext { _ in }
            subject.send(1)
            observation.dispose()
            return 42
        }
        #expect(result == 42)
        #expect(reports.all.isEmpty)
    }

    #if DEBUG
    @Test func namesEachLeakedKindWithTheCallSite() {
        let subject = PassthroughSubject<Int, Never>()
        let reports = LeakReports()
        var kept: [any Disposable] = []
        let line = #line + 1
        assertNoLeaks(timeout: .milliseconds(20), reportFailure: reports.append) {
            kept.append(subject.observeNext { _ in })
            kept.append(Signal<Int, Never>.never().observe { _ in })
        }
        #expect(reports.all.count == 1)
        let leak = reports.all.first
        #expect(leak?.leaked == [.subjectObservers: 1, .observations: 1])
        #expect(leak?.location.line == line)
        #expect(leak?.location.fileID == #fileID)
        #expect(leak?.description.contains("1 observations, 1 subjectObservers") == true)
        kept.forEach { $0.dispose() }
    }

    @Test func aLeakIsRecordedAsAnIssue() {
        let subject = PassthroughSubject<Int, Never>()
        var kept: (any Disposable)?
        withKnownIssue {
            expectNoLeaks(timeout: .milliseconds(20)) {
                kept = subject.observeNext { _ in }
            }
        }
        kept?.dispose()
    }

    @Test func waitsForAsynchronousTeardown() {
        let reports = LeakReports()
        // A generous timeout: the check returns as soon as the count drops (after ~30 ms), but a
        // loaded machine under TSan may run the dispatch queue late.
        assertNoLeaks(timeout: .seconds(20), reportFailure: reports.append) {
            let observation = Signal<Int, Never>.never().observe { _ in }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) { observation.dispose() }
        }
        #expect(reports.all.isEmpty)
    }

    @Test func asyncVariantCountsChildTasks() async {
        let subject = PassthroughSubject<Int, Never>()
        let reports = LeakReports()
        var kept: (any Disposable)?
        await assertNoLeaks(timeout: .milliseconds(20), reportFailure: reports.append) {
            kept = await Task { subject.observeNext { _ in } }.value
        }
        #expect(reports.all.map(\.leaked) == [[.subjectObservers: 1]])
        kept?.dispose()
        await assertNoLeaks(reportFailure: reports.append) {
            let observation = await Task { subject.observeNext { _ in } }.value
            observation.dispose()
        }
        #expect(reports.all.count == 1)
    }

    @Test func resourcesOfOtherTestsAreNotCounted() {
        let subject = PassthroughSubject<Int, Never>()
        let outside = subject.observeNext { _ in }
        let reports = LeakReports()
        assertNoLeaks(reportFailure: reports.append) {
            let started = DispatchSemaphore(value: 0)
            let other = DispatchQueue(label: "other")
            other.async {
                // Created on another thread: not this check's resource.
                _ = subject.observeNext { _ in }
                started.signal()
            }
            started.wait()
        }
        #expect(reports.all.isEmpty)
        outside.dispose()
    }
    #endif
}

/// Collects leak reports (called on the asserting thread).
private final class LeakReports: @unchecked Sendable {
    // @unchecked Sendable: only touched on the test's thread.
    var all: [ResourceLeak] = []
    func append(_ leak: ResourceLeak) { all.append(leak) }
}
