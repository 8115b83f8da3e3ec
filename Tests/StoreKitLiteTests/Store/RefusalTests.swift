import StoreKitLite
import Testing
import TestSupport

private enum BookingError: Error, Equatable, Sendable {
    case seatTaken
    case unknownSeat(Int)
}

/// Another domain error type with a case of the same name.
private enum PaymentError: Error, Equatable, Sendable {
    case seatTaken
}

private struct Seats: Sendable, Equatable {
    var taken: Set<Int> = []
}

private enum SeatAction: Sendable, Equatable {
    case book(Int)
    case reject
}

private let seatsReducer = Reducer<Seats, SeatAction>(mutating: { seats, action throws(StoreError) in
    switch action {
    case .book(let seat):
        guard (1...10).contains(seat) else { throw .refusing(BookingError.unknownSeat(seat)) }
        guard !seats.taken.contains(seat) else { throw .refusing(BookingError.seatTaken) }
        seats.taken.insert(seat)
    case .reject:
        throw .rejected("closed")
    }
})

@Suite struct RefusalTests {
    @Test func aHandlerSwitchesOnTheTypedDomainErrorOfARefusal() async throws {
        let store = Store(initialState: Seats(), reducer: seatsReducer)
        try await store.send(.book(3))
        func status(_ action: SeatAction) async -> Int {
            do {
                try await store.send(action)
                return 200
            } catch {
                switch error.refusal(as: BookingError.self) {
                case .seatTaken?: return 409
                case .unknownSeat?: return 404
                case nil: return error.isRefusal ? 422 : 503
                }
            }
        }
        #expect(await status(.book(3)) == 409)
        #expect(await status(.book(99)) == 404)
        #expect(await status(.reject) == 422)
        #expect(await status(.book(4)) == 200)
        #expect(store.state.taken == [3, 4])
    }

    @Test func refusalsAreEqualWhenTheirErrorsHaveTheSameTypeAndAreEqual() {
        #expect(StoreError.refusing(BookingError.seatTaken) == .refusing(BookingError.seatTaken))
        #expect(StoreError.refusing(BookingError.unknownSeat(1)) != .refusing(BookingError.unknownSeat(2)))
        #expect(StoreError.refusing(BookingError.seatTaken) != .refusing(PaymentError.seatTaken))
        #expect(StoreError.refusing(BookingError.seatTaken) != .rejected("seatTaken"))
        let set: Set<StoreError> = [.refusing(BookingError.seatTaken), .refusing(BookingError.seatTaken), .refusing(PaymentError.seatTaken)]
        #expect(set.count == 2)
    }

    @Test func aRefusalReadsBackOnlyAsItsOwnType() {
        let error = StoreError.refusing(BookingError.unknownSeat(12))
        #expect(error.refusal(as: BookingError.self) == .unknownSeat(12))
        #expect(error.refusal(as: PaymentError.self) == nil)
        #expect(StoreError.rejected("x").refusal(as: BookingError.self) == nil)
        #expect(error.isRefusal)
        #expect(StoreError.rejected("x").isRefusal)
        #expect(!StoreError.storeClosed.isRefusal)
        #expect(!StoreError.cancelled.isRefusal)
        #expect(!StoreError.droppedByMiddleware.isRefusal)
        #expect(error.description == "action refused: unknownSeat(12)")
    }

    @Test func aRefusalIsPublishedToObserversOfUpdatesWithItsError() async throws {
        let store = Store(initialState: Seats(), reducer: seatsReducer)
        let errors = Box<[StoreError?]>([])
        let observation = store.updates.observeNext { update in errors.mutate { $0.append(update.error) } }
        defer { observation.dispose() }
        try await store.send(.book(1))
        await #expect(throws: StoreError.refusing(BookingError.seatTaken)) { try await store.send(.book(1)) }
        #expect(errors.value == [nil, nil, .refusing(BookingError.seatTaken)])
    }
}
