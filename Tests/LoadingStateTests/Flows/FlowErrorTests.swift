import Foundation
import LoadingState
import Testing

@Suite struct FlowErrorTests {
    @Test func classifiesNetworkCodes() {
        #expect(FlowError.network(code: -1001, message: "").isTimeout)
        #expect(FlowError.network(code: -1004, message: "").isConnectionRefused)
        #expect(!FlowError.httpStatus(500, body: Data()).isTimeout)
    }

    @Test func persistenceCasesAreGrouped() {
        let persistence: [FlowError] = [
            .persistenceDisabled, .notPersisted, .expired(savedAt: Date()),
            .corruptFile(path: "p", message: "m"), .persistenceFailed(path: "p", message: "m"),
        ]
        #expect(persistence.allSatisfy { $0.isPersistenceError })
        #expect(!FlowError.notReachable(host: "h").isPersistenceError)
    }
}
