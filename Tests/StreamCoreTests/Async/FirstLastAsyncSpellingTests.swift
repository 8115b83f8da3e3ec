import TestSupport
import StreamCore
import Testing

@Suite struct FirstLastAsyncSpellingTests {
    @Test func awaitFirstAndLastReturnTheElements() async throws {
        let first = try await Signal<Int, TestError>.sequence([4, 5, 6]).first()
        let last = try await Signal<Int, TestError>.sequence([4, 5, 6]).last()
        #expect(first == 4)
        #expect(last == 6)
        let none = await Signal<Int, Never>.completed().first()
        #expect(none == nil)
    }

    @Test func theOperatorsStillChainInsideAsyncCode() async {
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.sequence([1, 2, 3]).first().observe(with: recorder.observer)
        let typed: Signal<Int, Never> = Signal<Int, Never>.sequence([1, 2, 3]).last()
        _ = typed.observe(with: recorder.observer)
        #expect(recorder.elements == [1, 3])
    }
}
