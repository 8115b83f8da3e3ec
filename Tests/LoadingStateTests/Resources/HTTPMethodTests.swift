import LoadingState
import Testing

@Suite struct HTTPMethodTests {
    @Test func rawValuesAreTheWireNames() {
        #expect(HTTPMethod.allCases.map(\.rawValue) == ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"])
    }
}
