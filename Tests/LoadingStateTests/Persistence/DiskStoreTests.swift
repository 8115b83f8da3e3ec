import TestSupport
import Foundation
import LoadingState
import StreamCore
import Testing

/// A clock the test moves by hand.
final class TestClock: Sendable {
    let now = Box(Date(timeIntervalSince1970: 1_000_000))
    var read: @Sendable () -> Date { { [now] in now.value } }
    func advance(by seconds: TimeInterval) { now.mutate { $0 += seconds } }
}

func result<Value: Sendable>(_ signal: Signal<Value, FlowError>) -> Recorder<Value, FlowError> {
    let recorder = Recorder<Value, FlowError>()
    _ = signal.observe(with: recorder.observer)
    recorder.waitForTermination()
    return recorder
}

@Suite struct DiskStoreTests {
    @Test func savesThenLoads() {
        let folder = TemporaryFolder()
        let store = DiskStore<Author>(folder: folder.url.appendingPathComponent("nested"))
        #expect(result(store.save(Author(name: "Ann"))).events == [.next(Author(name: "Ann")), .completed])
        #expect(result(store.load()).events == [.next(Author(name: "Ann")), .completed])
        #expect(store.fileURL.lastPathComponent == "Author.json")
    }

    @Test func emptyStoreFailsWithNotPersisted() {
        let store = DiskStore<Author>(folder: TemporaryFolder().url)
        #expect(result(store.load()).error == .notPersisted)
    }

    @Test func corruptFileIsATypedError() throws {
        let folder = TemporaryFolder()
        let store = DiskStore<Author>(folder: folder.url, fileName: "a.json")
        try Data("{\"savedAt\": 1, \"value\": {\"na".utf8).write(to: store.fileURL)
        guard case .corruptFile(let path, _)? = result(store.load()).error else {
            Issue.record("expected corruptFile")
            return
        }
        #expect(path == store.fileURL.path)
    }

    @Test func valueExpiresAfterMaxAge() {
        let clock = TestClock()
        let store = DiskStore<Author>(folder: TemporaryFolder().url, maxAge: 60, now: clock.read)
        _ = result(store.save(Author(name: "Ann")))
        clock.advance(by: 59)
        #expect(result(store.load()).elements == [Author(name: "Ann")])
        clock.advance(by: 2)
        #expect(result(store.load()).error == .expired(savedAt: Date(timeIntervalSince1970: 1_000_000)))
    }

    @Test func leftoverTemporaryFileFromACrashDoesNotMatter() throws {
        let folder = TemporaryFolder()
        let store = DiskStore<Author>(folder: folder.url)
        _ = result(store.save(Author(name: "Ann")))
        // A crash mid-write leaves at most a half-written temporary file beside the target.
        try Data("{\"savedAt\": 1, \"val".utf8).write(to: folder.url.appendingPathComponent(".Author.json.tmp-crash"))
        #expect(result(store.load()).elements == [Author(name: "Ann")])
    }

    @Test func concurrentSavesAndLoadsNeverSeeATornFile() {
        let folder = TemporaryFolder()
        let store = DiskStore<[Author]>(folder: folder.url, fileName: "many.json")
        let torn = Box(0)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            if index % 2 == 0 {
                let authors = (0..<200).map { Author(name: "author \(index)-\($0)") }
                _ = result(store.save(authors))
            } else if case .corruptFile? = result(store.load()).error {
                torn.mutate { $0 += 1 }
            }
        }
        #expect(torn.value == 0)
        #expect(result(store.load()).elements.first?.count == 200)
    }

    @Test func removeDeletesTheFile() throws {
        let store = DiskStore<Author>(folder: TemporaryFolder().url)
        _ = result(store.save(Author(name: "Ann")))
        try store.remove()
        #expect(result(store.load()).error == .notPersisted)
    }

    @Test func unwritableFolderIsAPersistenceError() throws {
        let folder = TemporaryFolder()
        let blocker = folder.url.appendingPathComponent("file")
        try Data().write(to: blocker)
        let store = DiskStore<Author>(folder: blocker.appendingPathComponent("sub"))
        guard case .persistenceFailed? = result(store.save(Author(name: "Ann"))).error else {
            Issue.record("expected persistenceFailed")
            return
        }
    }
}
