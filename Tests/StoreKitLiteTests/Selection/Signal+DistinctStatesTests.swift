import StreamCore
import Testing
@testable import StoreKitLite

@Suite struct SignalDistinctStatesTests {
    @Test func skipsConsecutiveRepeats() {
        let seen = Box<[Int]>([])
        _ = Signal<Int, Never>.sequence([1, 1, 2, 2, 1, 3, 3]).skippingRepeats().observeNext { seen.append($0) }
        #expect(seen.value == [1, 2, 1, 3])
    }
}
