import Dispatch
import Foundation
@testable import StoreKitLite
import Testing
import TestSupport

/// A copy-on-write value that counts the copies of its storage (what a dictionary in a state
/// would do, made visible).
private struct Tracked: Sendable, Equatable {
    final class Storage: @unchecked Sendable {
        // @unchecked Sendable: mutated only through `Tracked`'s copy-on-write path, by one owner.
        var values: [Int]
        init(_ values: [Int]) { self.values = values }
    }

    static let copies = Box(0)
    private var storage = Storage([])

    var count: Int { storage.values.count }

    mutating func append(_ value: Int) {
        if !isKnownUniquelyReferenced(&storage) {
            Self.copies.mutate { $0 += 1 }
            storage = Storage(storage.values)
        }
        storage.values.append(value)
    }

    static func == (lhs: Tracked, rhs: Tracked) -> Bool { lhs.storage.values == rhs.storage.values }
}

private let appendReducer = Reducer<Tracked, Int>(mutating: { state, value in state.append(value) })

@Suite(.serialized) struct StateGateTests {
    @Test func theReducerChangesTheStoredStateInPlaceWhileObserversWatch() {
        let store = Store(initialState: Tracked(), reducer: appendReducer)
        let counted = Box(0)
        let bag = DisposeBag()
        store.observeNext { state in counted.mutate { $0 = state.count } }.dispose(in: bag)
        store.updates.observeNext { _ in }.dispose(in: bag)
        store.dispatch(0)  // the first append may copy the initial value the test still holds
        let before = Tracked.copies.value
        for value in 1...1_000 { store.dispatch(value) }
        #expect(Tracked.copies.value == before, "a dispatch copied the state")
        #expect(counted.value == 1_001)
        #expect(store.state.count == 1_001)
    }

    @Test func holdingAnOldStateCostsOneCopyAtTheNextDispatch() {
        let store = Store(initialState: Tracked(), reducer: appendReducer)
        store.dispatch(0)
        let held = store.state
        let before = Tracked.copies.value
        store.dispatch(1)
        store.dispatch(2)
        #expect(Tracked.copies.value == before + 1)
        #expect(held.count == 1)
    }

    @Test func readersOnOtherThreadsAlwaysSeeACompleteState() async {
        // 4 threads read while 4 threads dispatch: a reader sees a state some action produced
        // (here: its count equals its last element + 1), never a half-changed one.
        let store = Store(
            initialState: [Int](),
            reducer: Reducer<[Int], Int>(mutating: { state, _ in
                state.append(state.count)
            }))
        let done = DispatchSemaphore(value: 0)
        let broken = Box(0)
        for _ in 0..<4 {
            Thread {
                for _ in 0..<5_000 { store.dispatch(0) }
                done.signal()
            }.start()
            Thread {
                for _ in 0..<5_000 {
                    let state = store.state
                    if let last = state.last, last != state.count - 1 { broken.mutate { $0 += 1 } }
                }
                done.signal()
            }.start()
        }
        for _ in 0..<8 { #expect(await wait(for: done)) }
        #expect(broken.value == 0)
        await store.drained()  // the last holder may have handed the rest to a background drain
        #expect(store.state.count == 20_000)
    }

    @Test func aReducerThatReadsItsOwnStoreDoesNotWaitForItself() {
        let box = Box<Store<Int, Int>?>(nil)
        let store = Store(
            initialState: 0,
            reducer: Reducer<Int, Int>(mutating: { state, value in
                state = (box.value?.state ?? 0) + value  // reads the state being reduced: no deadlock
            }))
        box.value = store
        store.dispatch(5)
        store.dispatch(2)
        #expect(store.state == 7)
        box.value = nil
    }

    @Test func observersJoiningDuringDispatchesGetTheCurrentStateThenEveryLaterOneWithoutGaps() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        let done = DispatchSemaphore(value: 0)
        let problems = Box<[String]>([])
        for _ in 0..<4 {
            Thread {
                for _ in 0..<5_000 { store.dispatch(.increment) }
                done.signal()
            }.start()
            Thread {
                for round in 0..<200 {
                    let seen = Box<[Int]>([])
                    let observation = store.observeNext { state in seen.mutate { $0.append(state) } }
                    // Joining during a delivery, the observer is added (and replayed to) by the
                    // thread delivering, right after it: wait for the replay before leaving.
                    let deadline = Date().addingTimeInterval(generousTimeout)
                    while seen.value.isEmpty, Date() < deadline { sched_yield() }
                    observation.dispose()
                    let states = seen.value
                    if states.isEmpty {
                        problems.mutate { $0.append("round \(round): no replay") }
                    } else if states != Array(states[0]..<(states[0] + states.count)) {
                        problems.mutate { $0.append("round \(round): \(states.prefix(8))…") }
                    }
                }
                done.signal()
            }.start()
        }
        for _ in 0..<8 { #expect(await wait(for: done)) }
        #expect(problems.value.isEmpty, "\(problems.value.count) problems, first: \(problems.value.prefix(3))")
        await store.drained()
        #expect(store.state == 20_000)
    }
}
