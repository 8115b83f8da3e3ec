@testable import StreamCore
import Testing

/// The subscription's pure state machine: demand, waiting events, the delivery role.
@Suite struct DemandGateTests {
    private typealias Gate = DemandGate<Int, Never>

    private func delivered(_ action: Gate.Action) -> Int? {
        if case .deliver(let input) = action { return input }
        return nil
    }

    private func isNone(_ action: Gate.Action) -> Bool {
        if case .none = action { return true }
        return false
    }

    @Test func anElementWaitsUntilThereIsDemandAndThenTakesTheRole() {
        var gate = Gate()
        #expect(isNone(gate.receive(1)))
        #expect(gate.phase == .idle)
        #expect(delivered(gate.request(.max(1))) == 1)
        #expect(gate.phase == .delivering)
        #expect(isNone(gate.delivered(adding: .none)))
        #expect(gate.phase == .idle)
    }

    @Test func whileDeliveringEventsAndDemandOnlyQueue() {
        var gate = Gate()
        _ = gate.request(.max(1))
        #expect(delivered(gate.receive(1)) == 1)
        #expect(isNone(gate.receive(2)))
        #expect(isNone(gate.request(.max(1))))
        #expect(isNone(gate.receive(completion: .finished)))
        #expect(delivered(gate.delivered(adding: .none)) == 2)
        guard case .complete(.finished) = gate.delivered(adding: .none) else {
            Issue.record("the completion follows the last element")
            return
        }
        #expect(gate.phase == .finished)
    }

    @Test func unlimitedDemandStaysUnlimited() {
        var gate = Gate()
        _ = gate.request(.unlimited)
        for value in 0..<3 {
            #expect(delivered(gate.receive(value)) == value)
            #expect(isNone(gate.delivered(adding: .none)))
        }
    }

    @Test func cancelHandsBackTheWaitingElementsAndEndsEverything() {
        var gate = Gate()
        _ = gate.receive(1)
        _ = gate.receive(2)
        guard case .drop(let dropped) = gate.cancel() else {
            Issue.record("cancel drops the waiting elements")
            return
        }
        #expect(dropped == [1, 2])
        #expect(isNone(gate.request(.unlimited)))
        guard case .drop([3]) = gate.receive(3) else {
            Issue.record("an element after cancel is dropped")
            return
        }
        #expect(isNone(gate.receive(completion: .finished)))
    }

    @Test func aCancelDuringADeliveryEndsTheHoldersTurn() {
        var gate = Gate()
        _ = gate.request(.unlimited)
        _ = gate.receive(1)
        _ = gate.receive(2)
        _ = gate.cancel()
        #expect(isNone(gate.delivered(adding: .unlimited)))
        #expect(gate.phase == .finished)
    }

    @Test func demandSumsSaturateAtUnlimited() {
        #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
        #expect(Subscribers.Demand.max(Int.max) + .max(1) == .unlimited)
        #expect(Subscribers.Demand.max(-4) == Subscribers.Demand.none)
        #expect(Subscribers.Demand.unlimited.description == "unlimited")
        #expect(Subscribers.Demand.max(3).description == "max(3)")
    }
}
