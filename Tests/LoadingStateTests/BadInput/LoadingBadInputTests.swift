import Foundation
import LoadingState
import StreamCore
import Testing

/// Persistence files and network payloads that are empty, corrupt, unreadable or of the wrong
/// shape end the flow with a typed `FlowError`, never a crash.
@Suite struct LoadingBadInputTests {
    // MARK: DiskStore

    @Test func anEmptyFileIsACorruptFile() throws {
        let store = DiskStore<Author>(folder: TemporaryFolder().url, fileName: "a.json")
        try FileManager.default.createDirectory(at: store.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: store.fileURL)
        guard case .corruptFile(let path, _)? = result(store.load()).error else {
            Issue.record("expected corruptFile")
            return
        }
        #expect(path == store.fileURL.path)
    }

    @Test(arguments: [
        "not json at all",
        #"{"savedAt": "yesterday", "value": {"name": "Ann"}}"#,
        #"{"savedAt": 1}"#,
        #"{"savedAt": 1, "value": {"name": 7}}"#,
        #"[1, 2, 3]"#,
        "null",
    ])
    func aFileOfTheWrongShapeIsACorruptFile(contents: String) throws {
        let store = DiskStore<Author>(folder: TemporaryFolder().url, fileName: "a.json")
        try FileManager.default.createDirectory(at: store.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: store.fileURL)
        guard case .corruptFile? = result(store.load()).error else {
            Issue.record("expected corruptFile for \(contents)")
            return
        }
    }

    @Test func binaryGarbageIsACorruptFile() throws {
        let store = DiskStore<Author>(folder: TemporaryFolder().url, fileName: "a.json")
        try FileManager.default.createDirectory(at: store.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0xFF, 0xFE, 0x00, 0xC3, 0x28, 0x80]).write(to: store.fileURL)
        guard case .corruptFile? = result(store.load()).error else {
            Issue.record("expected corruptFile")
            return
        }
    }

    @Test func aDirectoryWhereTheFileShouldBeIsATypedErrorForLoadAndSave() throws {
        // Tests run as root here, so file permissions cannot make a file unreadable; a directory
        // in its place can neither be read as a file nor replaced by one.
        let store = DiskStore<Author>(folder: TemporaryFolder().url, fileName: "a.json")
        try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: true)
        let loaded = result(store.load()).error
        #expect(loaded?.isPersistenceError == true, "got \(String(describing: loaded))")
        let saved = result(store.save(Author(name: "Ann"))).error
        #expect(saved?.isPersistenceError == true, "got \(String(describing: saved))")
    }

    // MARK: Network payloads

    private func fetch(_ body: String, status: Int = 200) throws -> FlowError? {
        let server = try TestHTTPServer(routes: ["/a": .json(body, status: status)])
        defer { server.stop() }
        let flow: ResourceFlow<Author> = createFlow(
            baseURL: server.baseURL,
            configuration: FlowConfiguration(persistence: .disabled, prunesInvalidElements: false, timeout: 10))
        return result(flow.fetchFromNetwork(Resource(path: "a"))).error
    }

    @Test(arguments: ["", "null", "[]", #"{"name": null}"#, #"{"nom": "Ann"}"#, #"{"name": ["Ann"]}"#, "\u{FEFF}{"])
    func aPayloadOfTheWrongShapeIsADecodingError(body: String) throws {
        guard case .decoding? = try fetch(body) else {
            Issue.record("expected a decoding error for \(body.debugDescription)")
            return
        }
    }

    @Test func anEmptyErrorResponseKeepsItsStatus() throws {
        #expect(try fetch("", status: 500) == .httpStatus(500, body: Data()))
    }
}
