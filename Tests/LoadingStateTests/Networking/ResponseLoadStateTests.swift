import Foundation
@testable import LoadingState
import Testing

/// The pure state machine behind `URLSessionConnection`'s limits: exactly one terminal action.
@Suite struct ResponseLoadStateTests {
    typealias Action = ResponseLoadState.Action
    let limits = ResponseLimits(deadline: 5, maximumBodySize: 10, maximumErrorBodySize: 4, acceptableStatusCodes: 200..<300)

    @Test func aBodyWithinTheLimitIsDeliveredOnCompletion() {
        var state = ResponseLoadState(limits: limits)
        #expect(state.receivedResponse(status: 200, expectedLength: -1) == .none)
        #expect(state.received(Data("12345".utf8)) == .none)
        #expect(state.received(Data("67890".utf8)) == .none)
        #expect(state.completed(error: nil) == .finish(.success(Data("1234567890".utf8)), cancelsTask: false))
        #expect(state.deadlinePassed() == .none)
    }

    @Test func aDeclaredLengthOverTheLimitFailsAtTheHead() {
        var state = ResponseLoadState(limits: limits)
        #expect(state.receivedResponse(status: 200, expectedLength: 11) == .finish(.failure(.responseTooLarge(limit: 10)), cancelsTask: true))
        #expect(state.received(Data("1".utf8)) == .none)
        #expect(state.completed(error: nil) == .none)
    }

    @Test func theFirstByteOverTheLimitFails() {
        var state = ResponseLoadState(limits: limits)
        _ = state.receivedResponse(status: 200, expectedLength: -1)
        #expect(state.received(Data("1234567890".utf8)) == .none)
        #expect(state.received(Data("1".utf8)) == .finish(.failure(.responseTooLarge(limit: 10)), cancelsTask: true))
        #expect(state.completed(error: .network(code: -999, message: "cancelled")) == .none)
    }

    @Test func anErrorBodyIsCutAndTheTaskCancelledOnceTheCapIsFull() {
        var state = ResponseLoadState(limits: limits)
        _ = state.receivedResponse(status: 500, expectedLength: 1_000_000)
        #expect(state.received(Data("ab".utf8)) == .none)
        #expect(state.received(Data("cdef".utf8)) == .finish(.failure(.httpStatus(500, body: Data("abcd".utf8))), cancelsTask: true))
    }

    @Test func aShortErrorBodyEndsWithTheTask() {
        var state = ResponseLoadState(limits: limits)
        _ = state.receivedResponse(status: 404, expectedLength: 2)
        _ = state.received(Data("no".utf8))
        #expect(state.completed(error: nil) == .finish(.failure(.httpStatus(404, body: Data("no".utf8))), cancelsTask: false))
    }

    @Test func theDeadlineWinsOverALaterCompletion() {
        var state = ResponseLoadState(limits: limits)
        _ = state.receivedResponse(status: 200, expectedLength: -1)
        #expect(state.deadlinePassed() == .finish(.failure(.deadlineExceeded(seconds: 5)), cancelsTask: true))
        #expect(state.completed(error: nil) == .none)
    }

    @Test func disposalSilencesEverythingAfterIt() {
        var state = ResponseLoadState(limits: limits)
        let wasRunning = state.disposed()
        #expect(wasRunning)
        #expect(state.receivedResponse(status: 200, expectedLength: -1) == .none)
        #expect(state.deadlinePassed() == .none)
        #expect(state.completed(error: nil) == .none)
        let disposedAgain = state.disposed()
        #expect(!disposedAgain)
    }

    @Test func aNonHTTPResponseOrAnEarlyEndIsANetworkError() {
        var state = ResponseLoadState(limits: limits)
        guard case .finish(.failure(.network), true) = state.receivedResponse(status: nil, expectedLength: 0) else {
            Issue.record("expected a network error")
            return
        }
        var early = ResponseLoadState(limits: limits)
        guard case .finish(.failure(.network), false) = early.completed(error: nil) else {
            Issue.record("expected a network error")
            return
        }
    }
}
