@testable import StreamCore
@testable import StreamCoreTesting
import Testing

@Suite struct ActionHeapTests {
    private func item(_ tick: Int64, _ order: UInt64) -> ActionHeap.Item {
        ActionHeap.Item(tick: tick, order: order, action: ScheduledAction {})
    }

    @Test func popsByTickThenByOrder() {
        var heap = ActionHeap()
        let items = [item(3, 1), item(1, 2), item(3, 0), item(2, 5), item(1, 4), item(0, 9)]
        for entry in items.shuffled() { heap.insert(entry) }
        var popped: [String] = []
        while let first = heap.peekLive() {
            popped.append("\(first.tick).\(first.order)")
            heap.removeFirst()
        }
        #expect(popped == ["0.9", "1.2", "1.4", "2.5", "3.0", "3.1"])
        #expect(heap.isEmpty)
    }

    @Test func cancelledActionsAreSkippedAndNotCounted() {
        var heap = ActionHeap()
        let cancelled = item(1, 1)
        heap.insert(cancelled)
        heap.insert(item(2, 2))
        cancelled.action.dispose()
        #expect(heap.liveCount == 1)
        #expect(heap.peekLive()?.tick == 2)
    }

    @Test func removingFromAnEmptyHeapDoesNothing() {
        var heap = ActionHeap()
        heap.removeFirst()
        #expect(heap.peekLive() == nil)
    }
}
