import TestSupport
import FeedbackLoop
import StreamCore
import Testing

/// Debug builds report a loop that keeps re-entering itself, naming the feedback and the event.
@Suite struct ReentrancyDiagnosticsTests {
    @Test func aLoopPastTheDepthLimitReportsTheFeedbackAndTheEventOnceAndGoesOn() throws {
        let reports = Box<[ReentrancyReport]>([])
        let system = Signal<Int, Never>.system(
            initial: 0,
            reducer: Reducer { count, _ in count + 1 },
            feedbacks: [
                Feedback(reacting: { _ in nil as CounterEvent? }).named("quiet"),
                Feedback(reacting: { $0 < 500 ? CounterEvent.increment : nil }).named("counter"),
            ],
            diagnostics: LoopDiagnostics(synchronousDepthLimit: 100) { report in
                reports.mutate { $0.append(report) }
            }
        )
        let last = Box(0)
        system.observeNext { last.value = $0 }.dispose()
        #expect(last.value == 500)  // reported, not stopped or dropped
        #if DEBUG
        let report = try #require(reports.value.first)
        #expect(reports.value.count == 1)
        #expect(report.depth == 101)
        #expect(report.feedbackIndex == 1)
        #expect(report.feedback == "counter")
        #expect(report.event == "increment")
        #expect(report.description.contains("counter re-entered it with event increment"))
        #else
        #expect(reports.value.isEmpty)
        #endif
    }

    @Test func aLoopThatBecomesIdleStartsCountingAgain() {
        let reports = Box(0)
        let input = PassthroughSubject<CounterEvent, Never>()
        let system = Signal<Int, Never>.system(
            initial: 0,
            reducer: Reducer { count, _ in count + 1 },
            feedbacks: [
                Feedback(events: input),
                // Each input starts a burst of 50 synchronous iterations, then the loop is idle.
                Feedback(reacting: { $0 % 50 == 0 ? nil : CounterEvent.increment }),
            ],
            diagnostics: LoopDiagnostics(synchronousDepthLimit: 60) { _ in reports.mutate { $0 += 1 } }
        )
        let last = Box(0)
        let disposable = system.observeNext { last.value = $0 }
        for _ in 0..<10 { input.send(.increment) }
        disposable.dispose()
        #expect(last.value == 500)
        #expect(reports.value == 0)
    }

    @Test func disabledDiagnosticsNeverReport() {
        let system = Signal<Int, Never>.system(
            initial: 0,
            reducer: Reducer { count, _ in count + 1 },
            feedbacks: [Feedback(reacting: { $0 < 1_000 ? CounterEvent.increment : nil })],
            diagnostics: .disabled
        )
        let last = Box(0)
        system.observeNext { last.value = $0 }.dispose()
        #expect(last.value == 1_000)
    }
}
