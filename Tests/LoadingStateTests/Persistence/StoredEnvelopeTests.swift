import Foundation
@testable import LoadingState
import Testing

@Suite struct StoredEnvelopeTests {
    @Test func roundTripsValueAndDate() throws {
        let envelope = StoredEnvelope(savedAt: Date(timeIntervalSince1970: 100), value: Author(name: "Ann"))
        let data = try JSONEncoder().encode(envelope)
        let back = try JSONDecoder().decode(StoredEnvelope<Author>.self, from: data)
        #expect(back.value == envelope.value && back.savedAt == envelope.savedAt)
    }
}
