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

    // MARK: Temporary files of killed saves

    /// The names of `store`'s temporary files in its folder.
    func temporaryFiles<V>(of store: DiskStore<V>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.folder.path)
            .filter { $0.hasPrefix(".\(store.fileName).") && $0.hasSuffix(".tmp") }
    }

    @Test func theNextSaveRemovesTemporaryFilesOfKilledSaves() throws {
        let folder = TemporaryFolder()
        let store = DiskStore<Author>(folder: folder.url, fileName: "author.json")
        _ = result(store.save(Author(name: "Ann")))
        // What 80 saves killed mid-write leave behind: half-written, unlocked temporary files.
        for _ in 0..<80 {
            let name = ".author.json.\(UUID().uuidString).tmp"
            try Data(#"{"savedAt":1,"va"#.utf8).write(to: folder.url.appendingPathComponent(name))
        }
        // Another store's temporary file in the same folder is not this store's to remove.
        let other = folder.url.appendingPathComponent(".other.json.\(UUID().uuidString).tmp")
        try Data().write(to: other)
        #expect(try temporaryFiles(of: store).count == 80)
        #expect(result(store.save(Author(name: "Bea"))).elements == [Author(name: "Bea")])
        #expect(try temporaryFiles(of: store).isEmpty)
        #expect(FileManager.default.fileExists(atPath: other.path))
        #expect(result(store.load()).elements == [Author(name: "Bea")])
    }

    /// A writer process: creates the file, takes an exclusive `flock` on it, says so, and sleeps.
    static let lockingWriter = """
        import fcntl, os, sys, time
        fd = os.open(sys.argv[1], os.O_CREAT | os.O_WRONLY, 0o644)
        os.write(fd, b'{"savedAt":1,"va')
        fcntl.flock(fd, fcntl.LOCK_EX)
        print("locked", flush=True)
        time.sleep(60)
        """

    @Test func aTemporaryFileOfASaveKilledByTheKernelIsRemovedButALiveOneIsNot() throws {
        let folder = TemporaryFolder()
        let store = DiskStore<Author>(folder: folder.url, fileName: "author.json")
        // A real writer in another process holds the lock on its temporary file (as a save does)
        // and is killed with SIGKILL; a second one is still running when the next save starts.
        let killed = folder.url.appendingPathComponent(".author.json.killed.tmp")
        let live = folder.url.appendingPathComponent(".author.json.live.tmp")
        let writers = [killed, live].map { url in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", Self.lockingWriter, url.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            return (process, pipe)
        }
        for (process, pipe) in writers {
            try process.run()
            // Wait until it holds the lock.
            _ = pipe.fileHandleForReading.availableData
        }
        defer {
            for (process, _) in writers where process.isRunning { kill(process.processIdentifier, SIGKILL) }
            // Until it has seen its child exit, a running `Process` keeps itself alive.
            for (process, _) in writers { process.waitUntilExit() }
        }
        kill(writers[0].0.processIdentifier, SIGKILL)
        writers[0].0.waitUntilExit()
        #expect(result(store.save(Author(name: "Ann"))).elements == [Author(name: "Ann")])
        #expect(!FileManager.default.fileExists(atPath: killed.path), "the killed writer's file is gone")
        #expect(FileManager.default.fileExists(atPath: live.path), "the running writer's file is kept")
    }

    @Test func concurrentSavesSweepingEachOtherAllSucceedAndLeaveNoTemporaryFile() throws {
        let folder = TemporaryFolder()
        let store = DiskStore<[Author]>(folder: folder.url, fileName: "many.json")
        let failures = Box<[FlowError]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<40 {
                let authors = (0..<50).map { Author(name: "author \(thread)-\(round)-\($0)") }
                if let error = result(store.save(authors)).error { failures.mutate { $0.append(error) } }
            }
        }
        #expect(failures.value.isEmpty)
        #expect(try temporaryFiles(of: store).isEmpty)
        #expect(result(store.load()).elements.first?.count == 50)
    }

    @Test func syncingToDiskSavesAndLoadsTheSameValue() throws {
        let folder = TemporaryFolder()
        let store = DiskStore<Author>(folder: folder.url.appendingPathComponent("durable"), fileName: "a.json", syncsToDisk: true)
        #expect(store.syncsToDisk)
        #expect(result(store.save(Author(name: "Ann"))).events == [.next(Author(name: "Ann")), .completed])
        #expect(result(store.load()).elements == [Author(name: "Ann")])
        #expect(try temporaryFiles(of: store).isEmpty)
    }

    // MARK: Paths that cannot be resolved

    @Test func aSymlinkLoopIsAPersistenceErrorNotAnEmptyStore() throws {
        let folder = TemporaryFolder()
        let store = DiskStore<Author>(folder: folder.url, fileName: "a.json")
        try FileManager.default.createSymbolicLink(atPath: store.fileURL.path, withDestinationPath: "a.json")
        guard case .persistenceFailed(let path, let message)? = result(store.load()).error else {
            Issue.record("expected persistenceFailed, got \(String(describing: result(store.load()).error))")
            return
        }
        #expect(path == store.fileURL.path)
        #expect(message.contains("errno \(ELOOP)"), "\(message)")
    }

    @Test func aRegularFileWhereTheFolderShouldBeIsAPersistenceErrorNotAnEmptyStore() throws {
        let folder = TemporaryFolder()
        let blocker = folder.url.appendingPathComponent("cache")
        try Data("not a folder".utf8).write(to: blocker)
        let store = DiskStore<Author>(folder: blocker, fileName: "a.json")
        guard case .persistenceFailed(_, let message)? = result(store.load()).error else {
            Issue.record("expected persistenceFailed, got \(String(describing: result(store.load()).error))")
            return
        }
        #expect(message.contains("errno \(ENOTDIR)"), "\(message)")
        #expect(result(store.save(Author(name: "Ann"))).error?.isPersistenceError == true)
    }

    @Test func aMissingFolderIsStillAnEmptyStore() {
        let store = DiskStore<Author>(folder: TemporaryFolder().url.appendingPathComponent("never/created"))
        #expect(result(store.load()).error == .notPersisted)
    }
}
