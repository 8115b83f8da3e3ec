import Foundation
import LoadingState
import Testing

struct Author: Codable, Sendable, Equatable {
    var name: String
}

@Suite struct ModelDecoderTests {
    let mixed = Data(#"[{"name":"Ann"},{"nom":"Bob"},{"name":"Cy"}]"#.utf8)

    @Test func decodesASingleModel() throws {
        #expect(try ModelDecoder().decode(Author.self, from: Data(#"{"name":"Ann"}"#.utf8)) == Author(name: "Ann"))
    }

    @Test func singleModelErrorNamesThePath() {
        do {
            _ = try ModelDecoder().decode(Author.self, from: Data(#"{"nom":"Ann"}"#.utf8))
            Issue.record("expected a decoding error")
        } catch {
            guard case .decoding(let path, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == "name")
        }
    }

    @Test func strictFailsOnOneBadElementNamingIt() {
        do {
            _ = try ModelDecoder(mode: .strict).decodeArray(Author.self, from: mixed)
            Issue.record("expected a decoding error")
        } catch {
            guard case .decoding(let path, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == "[1].name")
        }
    }

    @Test func pruneDropsBadElementsAndCountsThem() throws {
        let result = try ModelDecoder(mode: .prune).decodeArray(Author.self, from: mixed)
        #expect(result.elements == [Author(name: "Ann"), Author(name: "Cy")])
        #expect(result.droppedCount == 1)
    }

    @Test func pruneTellsAllBadFromNone() throws {
        let allBad = try ModelDecoder(mode: .prune).decodeArray(Author.self, from: Data(#"[{"x":1},{"y":2}]"#.utf8))
        let none = try ModelDecoder(mode: .prune).decodeArray(Author.self, from: Data("[]".utf8))
        #expect(allBad.elements.isEmpty && allBad.droppedCount == 2)
        #expect(none.elements.isEmpty && none.droppedCount == 0)
    }

    @Test func malformedJSONIsADecodingErrorInBothModes() {
        for mode in [ModelDecoder.Mode.strict, .prune] {
            #expect(throws: FlowError.self) {
                try ModelDecoder(mode: mode).decodeArray(Author.self, from: Data("[{\"name\":".utf8))
            }
        }
    }
}
