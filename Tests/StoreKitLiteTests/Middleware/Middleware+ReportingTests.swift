import StoreKitLite
import Testing
import TestSupport

@Suite struct MiddlewareReportingTests {
    @Test func reportsDropsAndHoldsButNotPassedActions() async throws {
        let reports = Box<[String]>([])
        let dropOdd = Middleware<Int, CounterAction> { action, _ in
            if case .add(let amount) = action, amount % 2 != 0 { return nil }
            return action
        }.reportingStops { action, held in reports.mutate { $0.append("\(held ? "held" : "dropped") \(action)") } }
        let held = Box<HeldAction<Int, CounterAction>?>(nil)
        let holdDecrements = Middleware<Int, CounterAction>(holding: { action, _, holder in
            guard action == .decrement else { return action }
            held.value = holder.hold(action)
            return nil
        }).reportingStops { action, held in reports.mutate { $0.append("\(held ? "held" : "dropped") \(action)") } }
        let neverHolds = Middleware<Int, CounterAction>(holding: { action, _, _ in
            action == .add(4) ? nil : action
        }).reportingStops { action, held in reports.mutate { $0.append("\(held ? "held" : "dropped") \(action)") } }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: [dropOdd, holdDecrements, neverHolds])
        try await store.send(.add(2))
        await #expect(throws: StoreError.droppedByMiddleware) { try await store.send(.add(3)) }
        await #expect(throws: StoreError.droppedByMiddleware) { try await store.send(.add(4)) }
        let waiting = store.sendTracked(.decrement)
        #expect(reports.value == ["dropped add(3)", "dropped add(4)", "held decrement"])
        held.value?.resume()
        #expect(try await waiting.state == 1)
    }
}
