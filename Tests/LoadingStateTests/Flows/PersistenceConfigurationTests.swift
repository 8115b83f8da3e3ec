import Foundation
import LoadingState
import Testing

@Suite struct PersistenceConfigurationTests {
    @Test func enabledCarriesFolderFileAndMaxAge() {
        let folder = URL(fileURLWithPath: "/tmp/x")
        let configuration = PersistenceConfiguration.enabled(folder: folder, fileName: "a.json", maxAge: 5)
        guard case .enabled(let storedFolder, let fileName, let maxAge) = configuration else {
            Issue.record("expected enabled")
            return
        }
        #expect(storedFolder == folder && fileName == "a.json" && maxAge == 5)
        #expect(PersistenceConfiguration.enabled(folder: folder) != .disabled)
    }
}
