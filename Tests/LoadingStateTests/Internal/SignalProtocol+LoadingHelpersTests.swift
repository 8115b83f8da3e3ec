import TestSupport
import Foundation
@testable import LoadingState
import StreamCore
import Testing

@Suite struct SignalProtocolLoadingHelpersTests {
    @Test func tryMapFailsWithTheThrownError() {
        let recorder = Recorder<Int, TestError>()
        _ = Signal<Int, TestError>.sequence([1, 2, 3]).tryMap { value throws(TestError) -> Int in
            if value == 2 { throw .other(value) }
            return value * 10
        }.observe(with: recorder.observer)
        #expect(recorder.events == [.next(10), .failed(.other(2))])
    }
}
