public import Foundation
public import StreamCore

/// Keeps one value as a JSON file in a folder, written atomically, with an optional maximum age.
///
/// ```swift
/// let store = DiskStore<User>(folder: cachesFolder, fileName: "user.json", maxAge: 3600)
/// store.save(user).observe { _ in }        // writes user.json atomically
/// store.load().observeNext { print($0) }   // the stored user, while younger than an hour
/// ```
///
/// - **Atomic writes.** A save writes a temporary file in the same folder and renames it over the
///   target (`Data.WritingOptions.atomic`), so a reader — or the next launch after a crash
///   mid-write — sees the old file or the new one, never a torn one. Concurrent saves each use
///   their own temporary file; the last rename wins.
/// - **Errors.** ``load()`` fails with ``FlowError/notPersisted`` when there is no file,
///   ``FlowError/expired(savedAt:)`` when it is too old, ``FlowError/corruptFile(path:message:)``
///   when it does not decode, and ``FlowError/persistenceFailed(path:message:)`` for I/O errors.
/// - **Threads.** The file is read or written synchronously while the signal is observed, on the
///   observing thread.
public final class DiskStore<Value: Codable & Sendable>: Sendable {
    /// The folder the file lives in; created on the first save.
    public let folder: URL
    /// The file's name inside ``folder``.
    public let fileName: String
    /// How long a stored value stays valid, in seconds; `nil` for forever.
    public let maxAge: TimeInterval?
    private let now: @Sendable () -> Date

    /// Creates a store. Nothing is read or written until a signal is observed.
    ///
    /// - Parameters:
    ///   - folder: The folder for the file.
    ///   - fileName: The file's name; `"<Value>.json"` by default.
    ///   - maxAge: How long a value stays valid, in seconds; `nil` (default) for forever.
    ///   - now: The clock used for ages; `Date.init` by default (tests pass a fixed clock).
    public init(
        folder: URL,
        fileName: String? = nil,
        maxAge: TimeInterval? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.folder = folder
        self.fileName = fileName ?? Self.defaultFileName
        self.maxAge = maxAge
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
        do {
            if FileManager.default.fileExists(atPath: fileURL.path) {
                try FileManager.default.removeItem(at: fileURL)
            }
        } catch {
            throw .persistenceFailed(path: fileURL.path, message: "\(error)")
        }
    }

    /// Reads and validates the stored value.
    func readValue() -> Result<Value, FlowError> {
        let url = fileURL
        guard FileManager.default.fileExists(atPath: url.path) else { return .failure(.notPersisted) }
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
            try data.write(to: fileURL, options: .atomic)
            return .success(())
        } catch {
            return .failure(.persistenceFailed(path: fileURL.path, message: "\(error)"))
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
