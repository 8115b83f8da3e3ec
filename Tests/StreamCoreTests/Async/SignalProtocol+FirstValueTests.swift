import StreamCore
import Testing

@Suite struct FirstValueTests {
    @Test func firstValueReturnsTheFirstElementAndStopsTheProducer() async {
        let first = await Signal<Int, Never>.sequence(1...).firstValue()
        #expect(first == 1)
        let none = await Signal<Int, Never>.completed().firstValue()
        #expect(none == nil)
    }

    @Test func firstValueThrowsTheTypedError() async {
        await #expect(throws: TestError.boom) {
            try await Signal<Int, TestError>.failed(.boom).firstValue()
        }
        let value = try? await asyncSignal([7, 8]).firstValue()
        #expect(value == 7)
    }

    @Test func lastValueWaitsForCompletion() async throws {
        let last = try await asyncSignal([1, 2, 3]).lastValue()
        #expect(last == 3)
        let none = await Signal<Int, Never>.completed().lastValue()
        #expect(none == nil)
        await #expect(throws: TestError.other(1)) {
            try await asyncSignal([1, 2], failure: .other(1)).lastValue()
        }
    }

    @Test func firstValueDisposesTheObservationOnceDecided() async {
        let probe = Probe<Int, Never>()
        let task = Task { await probe.signal.firstValue() }
        #expect(await eventually { probe.subscriptions == 1 })
        probe.send(5)
        #expect(await task.value == 5)
        #expect(probe.disposals == 1)
    }

    @Test func cancellingTheTaskDisposesTheObservation() async {
        for last in [false, true] {
            let probe = Probe<Int, TestError>()
            let task = Task { try await last ? probe.signal.lastValue() : probe.signal.firstValue() }
            #expect(await eventually { probe.subscriptions == 1 })
            if last { probe.send(1) }
            task.cancel()
            let result = try? await task.value
            #expect(result == .some(nil))
            #expect(await eventually { probe.disposals == 1 })
        }
    }

    @Test func anAlreadyCancelledTaskDoesNotObserve() async {
        let probe = Probe<Int, Never>()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await probe.signal.firstValue()
        }
        #expect(await task.value == nil)
        #expect(probe.subscriptions == 0)
    }
}
