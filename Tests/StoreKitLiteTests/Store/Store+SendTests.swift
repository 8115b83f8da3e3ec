import Dispatch
import Foundation
import StoreKitLite
import StreamCoreTesting
import Testing
import TestSupport

/// An order book whose every action is identified, so an outcome can be matched to its action.
private struct Ledger: Sendable, Equatable {
    var count = 0
    var lastID = -1
}

private enum LedgerAction: Sendable, Equatable {
    case record(id: Int)
    case refuse(id: Int)
}

private let ledgerReducer = Reducer<Ledger, LedgerAction> { ledger, action throws(StoreError) in
    switch action {
    case .record(let id):
        ledger.count += 1
        ledger.lastID = id
    case .refuse(let id):
        throw StoreError.rejected("refused \(id)")
    }
}

@Suite struct StoreSendTests {
    @Test func sendReturnsTheStateItsActionProduced() async throws {
        let store = Store(initialState: 0, reducer: counterReducer)
        #expect(try await store.send(.increment) == 1)
        #expect(try await store.send(.add(10)) == 11)
        #expect(store.state == 11)
    }

    @Test func aRefusedActionThrowsItsReducersErrorAndLeavesTheState() async {
        let store = Store(initialState: Ledger(), reducer: ledgerReducer)
        await #expect(throws: StoreError.rejected("refused 7")) { try await store.send(.refuse(id: 7)) }
        #expect(store.state == Ledger())
    }

    @Test func aDroppedActionThrowsDroppedByMiddleware() async throws {
        let dropOdd = Middleware<Int, CounterAction> { action, _ in
            if case .add(let amount) = action, amount % 2 != 0 { return nil }
            return action
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [dropOdd])
        await #expect(throws: StoreError.droppedByMiddleware) { try await store.send(.add(3)) }
        #expect(try await store.send(.add(4)) == 4)
    }

    @Test func aMiddlewaresReplacementIsWhatTheStateReflects() async throws {
        let double = Middleware<Int, CounterAction>.map { action in
            if case .add(let amount) = action { return .add(amount * 2) }
            return action
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [double])
        #expect(try await store.send(.add(5)) == 10)
    }

    /// 8 threads dispatch while 8 tasks send: every sender gets the state of its own action (its
    /// id is the last one recorded), its counts increase, no count is shared, nothing is lost.
    @Test func eachSenderGetsItsOwnOutcomeWhileEightThreadsDispatch() async throws {
        let store = Store(initialState: Ledger(), reducer: ledgerReducer)
        let dispatchers = 8, perDispatcher = 2_000, senders = 8, perSender = 250
        let done = DispatchSemaphore(value: 0)
        for thread in 0..<dispatchers {
            Thread {
                for index in 0..<perDispatcher {
                    store.dispatch(.record(id: 1_000_000 + thread * perDispatcher + index))
                }
                done.signal()
            }.start()
        }
        struct Outcome: Sendable {
            let sent: Int
            let ledger: Ledger
        }
        let outcomes = try await withThrowingTaskGroup(of: [Outcome].self) { group in
            for sender in 0..<senders {
                group.addTask {
                    var seen: [Outcome] = []
                    for index in 0..<perSender {
                        let id = sender * perSender + index
                        if index % 5 == 4 {
                            do throws(StoreError) {
                                _ = try await store.send(.refuse(id: id))
                                Issue.record("a refused action returned a state")
                            } catch {
                                #expect(error == .rejected("refused \(id)"))
                            }
                            continue
                        }
                        seen.append(Outcome(sent: id, ledger: try await store.send(.record(id: id))))
                    }
                    return seen
                }
            }
            var all: [[Outcome]] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        for _ in 0..<dispatchers { #expect(await wait(for: done)) }
        var counts = Set<Int>()
        for outcome in outcomes {
            #expect(outcome.allSatisfy { $0.sent == $0.ledger.lastID }, "an outcome belongs to another action")
            let ordered = outcome.map(\.ledger.count)
            #expect(ordered == ordered.sorted(), "one sender's actions ran out of order")
            counts.formUnion(ordered)
        }
        let sent = senders * perSender * 4 / 5
        #expect(counts.count == sent, "two sends share an outcome")
        #expect(store.state.count == dispatchers * perDispatcher + sent)
    }

    @Test func theStateIncludesASentActionOnceSendReturnsEvenWhenItWasQueued() async throws {
        // An observer of the first action sends the second from inside the delivery, where it
        // can only be queued; the sender still gets (and sees) its own state.
        let store = Store(initialState: 0, reducer: counterReducer)
        let reply = Box<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        let bag = DisposeBag()
        store.observeNext { state in
            guard state == 1 else { return }
            Task {
                reply.value = try? await store.send(.add(100))
                done.signal()
            }
        }.dispose(in: bag)
        store.dispatch(.increment)
        #expect(await wait(for: done))
        #expect(reply.value == 101)
        #expect(store.state == 101)
    }

    @Test func sendAfterCloseThrowsStoreClosedAndDispatchIsIgnored() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        store.close()
        #expect(!store.isAcceptingActions)
        await #expect(throws: StoreError.storeClosed) { try await store.send(.increment) }
        store.dispatch(.increment)
        #expect(store.state == 0)
    }
}
