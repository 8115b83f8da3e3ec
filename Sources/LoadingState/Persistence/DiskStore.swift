public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import StreamCore

/// Keeps one value as a JSON file in a folder, written atomically, with an optional maximum age.
///
/// ```swift
/// let store = DiskStore<User>(folder: cachesFolder, fileName: "user.json", maxAge: 3600)
/// store.save(user).observe { _ in }        // writes user.json atomically
/// store.load().observeNext { print($0) }   // the stored user, while younger than an hour
/// ```
///
/// - **Atomic writes.** A save writes a temporary file (`.<fileName>.<random>.tmp`) in the same
///   folder and renames it over the target, so a reader — or the next launch after a crash
///   mid-write — sees the old file or the new one, never a torn one. Concurrent saves each use
///   their own temporary file; the last rename wins.
/// - **Cleanup after a crash.** Each save first deletes the temporary files of saves that were
///   killed mid-write (a writer holds a `flock` on its temporary file, which the kernel releases
///   when the process dies; files still locked by a running save are left alone).
/// - **Durability.** With `syncsToDisk`, a save `fsync`s the file before the rename and the folder
///   after it, so a completed save survives a power loss.
/// - **Errors.** ``load()`` fails with ``FlowError/notPersisted`` only when there is no file;
///   ``FlowError/expired(savedAt:)`` when it is too old, ``FlowError/corruptFile(path:message:)``
///   when it does not decode, and ``FlowError/persistenceFailed(path:message:)`` for I/O errors —
///   including a path that cannot be resolved (a symlink loop, or a regular file where the folder
///   should be), which is reported, not mistaken for an empty cache.
/// - **Threads.** The file is read or written synchronously while the signal is observed, on the
///   observing thread.
public final class DiskStore<Value: Codable & Sendable>: Sendable {
    /// The folder the file lives in; created on the first save.
    public let folder: URL
    /// The file's name inside ``folder``.
    public let fileName: String
    /// How long a stored value stays valid, in seconds; `nil` for forever.
    public let maxAge: TimeInterval?
    /// Whether a save `fsync`s the file and its folder before it completes.
    public let syncsToDisk: Bool
    private let now: @Sendable () -> Date

    /// Creates a store. Nothing is read or written until a signal is observed.
    ///
    /// - Parameters:
    ///   - folder: The folder for the file.
    ///   - fileName: The file's name; `"<Value>.json"` by default.
    ///   - maxAge: How long a value stays valid, in seconds; `nil` (default) for forever.
    ///   - syncsToDisk: `fsync` the file and its folder on each save (durable across power loss,
    ///     slower); `false` by default.
    ///   - now: The clock used for ages; `Date.init` by default (tests pass a fixed clock).
    public init(
        folder: URL,
        fileName: String? = nil,
        maxAge: TimeInterval? = nil,
        syncsToDisk: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.folder = folder
        self.fileName = fileName ?? Self.defaultFileName
        self.maxAge = maxAge
        self.syncsToDisk = syncsToDisk
        self.now = now
    }

    /// The default file name for the value type: its name with anything but letters, digits,
    /// `-` and `_` replaced, plus `.json`.
    public static var defaultFileName: String {
        defaultStoreFileName(for: Value.self)
    }

    /// The stored file's URL.
    public var fileURL: URL { folder.appendingPathComponent(fileName) }

    /// A signal that reads the stored value, then completes; or fails when nothing valid is stored.
    ///
    /// - Returns: The stored value if the file exists, decodes and is younger than ``maxAge``.
    public func load() -> Signal<Value, FlowError> {
        Signal { [self] observer in
            switch readValue() {
            case .success(let value): observer.receive(lastElement: value)
            case .failure(let error): observer.on(.failed(error))
            }
            return NonDisposable.instance
        }
    }

    /// A signal that writes `value` atomically, then sends it and completes.
    ///
    /// - Parameter value: The value to store.
    /// - Returns: The stored value, or a failure if encoding or writing failed.
    public func save(_ value: Value) -> Signal<Value, FlowError> {
        Signal { [self] observer in
            switch write(value) {
            case .success: observer.receive(lastElement: value)
            case .failure(let error): observer.on(.failed(error))
            }
            return NonDisposable.instance
        }
    }

    /// Deletes the stored file, if any.
    ///
    /// - Throws: ``FlowError/persistenceFailed(path:message:)`` when the file exists but cannot
    ///   be removed.
    public func remove() throws(FlowError) {
        let path = fileURL.path
        if unlink(path) != 0, errno != ENOENT {
            throw .persistenceFailed(path: path, message: AtomicFile.Failure("unlink", path).message)
        }
    }

    /// Reads and validates the stored value.
    func readValue() -> Result<Value, FlowError> {
        let url = fileURL
        // `stat`, not `fileExists`: only "no such file" means nothing is stored; a symlink loop
        // (ELOOP) or a regular file in place of the folder (ENOTDIR) is an error to report.
        var info = stat()
        if stat(url.path, &info) != 0 {
            let code = errno
            if code == ENOENT { return .failure(.notPersisted) }
            return .failure(.persistenceFailed(path: url.path, message: AtomicFile.Failure("stat", url.path, code: code).message))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .failure(.persistenceFailed(path: url.path, message: "\(error)"))
        }
        let envelope: StoredEnvelope<Value>
        do {
            envelope = try Self.decoder.decode(StoredEnvelope<Value>.self, from: data)
        } catch {
            let reason = ModelDecoder.flowError(error)
            return .failure(.corruptFile(path: url.path, message: "\(reason)"))
        }
        if let maxAge, now().timeIntervalSince(envelope.savedAt) > maxAge {
            return .failure(.expired(savedAt: envelope.savedAt))
        }
        return .success(envelope.value)
    }

    /// Encodes and atomically writes the value.
    func write(_ value: Value) -> Result<Void, FlowError> {
        let data: Data
        do {
            data = try Self.encoder.encode(StoredEnvelope(savedAt: now(), value: value))
        } catch {
            return .failure(.encoding(message: "\(error)"))
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return .failure(.persistenceFailed(path: folder.path, message: "\(error)"))
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.replaceContents(of: fileURL, with: data, syncs: syncsToDisk)
            return .success(())
        } catch {
            return .failure(.persistenceFailed(path: fileURL.path, message: error.message))
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}

/// A file name for a type: its name with anything but letters, digits, `-` and `_` replaced by
/// `_`, plus `.json` (`DecodedArray<User>` → `DecodedArray_User_.json`).
func defaultStoreFileName(for type: Any.Type) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    return String(String(describing: type).map { allowed.contains($0) ? $0 : "_" }) + ".json"
}
