/// A reducer's refusal of an action with a domain error of the user's own type: the typed form of
/// ``StoreError/refused(_:)``, for handlers that switch on why an action was refused.
///
/// ```swift
/// enum BookingError: Error, Equatable, Sendable { case seatTaken, unknownSeat }
///
/// let booking = Reducer<Seats, SeatAction>(mutating: { seats, action throws(StoreError) in
///     guard case .book(let seat) = action else { return }
///     guard seats.all.contains(seat) else { throw .refusing(BookingError.unknownSeat) }
///     guard !seats.taken.contains(seat) else { throw .refusing(BookingError.seatTaken) }
///     seats.taken.insert(seat)
/// })
///
/// // An HTTP handler maps the domain error, not a string.
/// do {
///     try await store.send(.book(seat))
/// } catch {
///     switch error.refusal(as: BookingError.self) {
///     case .seatTaken?: return .conflict
///     case .unknownSeat?: return .notFound
///     case nil: return .serviceUnavailable   // not refused: the store is closed, or a middleware dropped it
///     }
/// }
/// ```
///
/// Two refusals are equal when their errors have the same type and are equal (`==`).
public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The domain error the reducer refused the action with.
    public let error: any Error & Sendable
    /// Compares `error` with another refusal's error of the same type.
    private let isEqual: @Sendable (any Error & Sendable) -> Bool

    /// Wraps a domain error.
    ///
    /// - Parameter error: Why the action is refused: an `Equatable`, `Sendable` error of your own.
    public init<Failure: Error & Equatable & Sendable>(_ error: Failure) {
        self.error = error
        isEqual = { other in (other as? Failure) == error }
    }

    /// The domain error as `type`, or `nil` if it has another type.
    ///
    /// - Parameter type: The error type to look for.
    /// - Returns: The error, if it is of that type.
    public func error<Failure: Error & Sendable>(as type: Failure.Type = Failure.self) -> Failure? {
        error as? Failure
    }

    /// The domain error's description.
    public var description: String {
        String(describing: error)
    }

    /// Whether both refusals carry equal errors of the same type.
    public static func == (lhs: Refusal, rhs: Refusal) -> Bool {
        lhs.isEqual(rhs.error)
    }

    /// Hashes the error's type (equal refusals have errors of the same type).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: error)))
    }
}
