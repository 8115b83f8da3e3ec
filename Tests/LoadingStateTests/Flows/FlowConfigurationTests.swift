import LoadingState
import Testing

@Suite struct FlowConfigurationTests {
    @Test func defaultsFollowMOReactor() {
        let configuration = FlowConfiguration()
        #expect(configuration.persistence == .disabled)
        #expect(configuration.checksReachability)
        #expect(configuration.prunesInvalidElements)
        #expect(configuration.waitsForSave)
        #expect(configuration.timeout == 30)
    }
}
