/// Why a ``TestStore`` assertion failed; thrown by its methods outside Swift Testing (under Swift
/// Testing, the same message is recorded as an issue at the failing line), so a test fails
/// with the message.
public struct TestStoreFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of assertion failed.
    public enum Kind: Equatable, Sendable {
        /// The state after the action differs from the expected state.
        case stateMismatch
        /// An effect fed back an action that the test has not asserted with `receive`.
        case unassertedActions
        /// The test expected an action that no effect fed back.
        case noActionReceived
        /// An effect fed back a different action from the one expected.
        case unexpectedAction
        /// The action was not reduced during `send` (the store was busy on another thread).
        case actionNotReduced
        /// Effects were still running when the test finished (`TestStore/finish(timeout:)`).
        case effectsInFlight
        /// The reducer refused an action the test did not expect it to refuse (exhaustive tests;
        /// assert refusals with `TestStore.send(_:refusedWith:)`).
        case unexpectedRefusal
        /// The action was not refused, or was refused with another error than the one expected.
        case refusalMismatch
        /// A synchronous `send` was made on the thread running the store's current action (from
        /// the store's own observer, middleware or effect), so it could not wait for its outcome.
        case reentrantSend
        /// The store read a dependency that has no test value, and the test did not override it
        /// (`withDependencies:`); the message names it.
        case missingTestValue
    }

    /// What kind of assertion failed.
    public let kind: Kind
    /// A readable explanation, with the expected and actual values.
    public let message: String
    /// Where the failing call was written, as `fileID:line:column`; `nil` if unknown.
    public let location: String?

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - kind: What kind of assertion failed.
    ///   - message: A readable explanation.
    ///   - location: Where the failing call was written (`fileID:line:column`), if known.
    public init(_ kind: Kind, _ message: String, location: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// The explanation, after the failing call's location when known
    /// (`AppTests/SearchTests.swift:12:9: State after …`).
    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }
}
