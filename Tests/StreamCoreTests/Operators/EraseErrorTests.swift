import TestSupport
import StreamCore
import Testing

@Suite struct EraseErrorTests {
    @Test func keepsTheErrorValue() {
        let errors = Box<[TestError]>([])
        let elements = Box<[Int]>([])
        let erased: Signal<Int, any Error> = Signal<Int, TestError>.sequence([1]).append(Signal.failed(.boom)).eraseError()
        _ = erased.observe(with: { event in
            switch event {
            case .next(let element): elements.mutate { $0.append(element) }
            case .failed(let error): errors.mutate { $0.append(error as? TestError ?? .other(0)) }
            case .completed: break
            }
        })
        #expect(elements.value == [1])
        #expect(errors.value == [.boom])
    }

    @Test func disposalStopsTheUpstream() {
        let probe = Probe<Int, TestError>()
        let observation = probe.signal.eraseError().observe(with: { _ in })
        observation.dispose()
        #expect(probe.disposals == 1)
    }
}
