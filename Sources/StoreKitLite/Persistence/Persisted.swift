public import Foundation
public import StreamCore

/// Keeps part of a store's state in a file: loaded when the store is created, written
/// (debounced, atomically) when it changes. redux-persist's and TCA's `@Shared(.fileStorage)`
/// job, for one substate.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: app,
///                   persisting: [Persisted(\AppState.settings, file: settingsURL)])
/// ```
///
/// - At start, the value in the file (if any) replaces the initial state's. A file that cannot
///   be read or decoded is moved aside to `<file>.corrupt` (nothing is lost) and the initial
///   value is kept; ``lastError`` tells why.
/// - On change, the value is written once it has not changed for `debounce`, by writing a
///   temporary file and renaming it over the old one, so the file always holds a whole value.
///   The store going away (or ``flush()``) writes a pending change at once.
/// - Values are compared with `==`: a state change elsewhere in the state writes nothing.
///
/// Substates registered by type are persisted through their key path:
/// `Persisted(Substates.keyPath(Settings.self), file: url)`.
public final class Persisted<State: Sendable, Value: Codable & Equatable & Sendable>: StatePersistence, Sendable {
    /// The file holding the value.
    public let file: URL
    let keyPath: any WritableKeyPath<State, Value> & Sendable
    let debounce: Duration
    let scheduler: any Scheduler
    let maxBytes: Int
    let latest = LockedState(PersistedValue<Value>())
    /// Serialises writes of the file; held for the write and the rename, never for user code.
    let writing = LockedState<UInt64>(0)
    let errors = LockedState<PersistenceError?>(nil)

    /// Creates a persisted part of the state.
    ///
    /// - Parameters:
    ///   - keyPath: Where the value lives in the state.
    ///   - file: The file holding it (its folder must exist).
    ///   - debounce: How long the value must stay unchanged before it is written (500 ms by default).
    ///   - scheduler: Where the debounce timer runs and the file is written (a global queue by default).
    ///   - maxBytes: The largest file read back (16 MiB by default); a larger one counts as corrupt.
    public init(
        _ keyPath: any WritableKeyPath<State, Value> & Sendable,
        file: URL,
        debounce: Duration = .milliseconds(500),
        on scheduler: any Scheduler = DispatchQueue.global(),
        maxBytes: Int = 16 << 20
    ) {
        self.keyPath = keyPath
        self.file = file
        self.debounce = debounce
        self.scheduler = scheduler
        self.maxBytes = maxBytes
    }

    /// The latest problem reading or writing the file, or `nil`.
    public var lastError: PersistenceError? {
        errors.withLock { $0 }
    }

    /// Replaces the value in `state` with the one in the file, if there is one.
    ///
    /// - Parameter state: The initial state.
    public func restore(into state: inout State) {
        let path = file.path
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            guard size <= maxBytes else { throw PersistenceError.tooLarge(path: path, bytes: size, limit: maxBytes) }
            let value = try JSONDecoder().decode(Value.self, from: Data(contentsOf: file))
            state[keyPath: keyPath] = value
        } catch {
            let aside = path + ".corrupt"
            try? FileManager.default.removeItem(atPath: aside)
            try? FileManager.default.moveItem(atPath: path, toPath: aside)
            let failure = error as? PersistenceError ?? .unreadable(path: path, reason: String(describing: error))
            errors.withLock { $0 = failure }
        }
    }

    /// Starts writing the value when it changes.
    ///
    /// The observation keeps this object alive until the states complete (the store goes
    /// away); then a pending change is written at once.
    ///
    /// - Parameter states: The store's states.
    public func persist(_ states: Signal<State, Never>) {
        let keyPath = self.keyPath
        let latest = self.latest
        let observation =
            states
            .map { $0[keyPath: keyPath] }
            .removeDuplicates()
            .skip(first: 1)  // the value at start is the file's (or has nothing to save yet)
            .map { value in
                latest.withLock { $0.change(to: value) }
            }
            .debounce(for: debounce, on: scheduler)
            .observeNext { [self] _ in flush() }
        _ = observation  // lives until the states complete; not disposed before
    }

    /// Writes a pending change now (for example when the app goes to the background).
    public func flush() {
        guard let (value, generation) = latest.withLock({ $0.takePending() }) else { return }
        let data: Data
        do {
            data = try JSONEncoder().encode(value)  // user code: outside every lock
        } catch {
            errors.withLock { $0 = .unwritable(path: file.path, reason: String(describing: error)) }
            return
        }
        let path = file.path
        let failure = writing.withLock { written -> PersistenceError? in
            guard generation > written else { return nil }  // a newer value was written meanwhile
            written = generation
            do throws(JournalError) {
                try JournalFiles.replace(path, with: Array(data), through: path + ".tmp", sync: true)
                return nil
            } catch {
                return .unwritable(path: path, reason: error.description)
            }
        }
        if let failure { errors.withLock { $0 = failure } }
    }
}

/// The latest value to write and whether it was written.
struct PersistedValue<Value> {
    var value: Value?
    var generation: UInt64 = 0
    var pending = false

    mutating func change(to newValue: Value) -> UInt64 {
        value = newValue
        generation += 1
        pending = true
        return generation
    }

    mutating func takePending() -> (Value, UInt64)? {
        guard pending, let value else { return nil }
        pending = false
        return (value, generation)
    }
}
