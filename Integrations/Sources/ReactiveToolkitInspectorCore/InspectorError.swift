/// Why an inspector could not do what it was asked; the server answers each with a 4xx status.
public enum InspectorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No recorded action has this index (never recorded, or dropped as the oldest).
    case unknownIndex(Int)
    /// Time travel, skipping and dispatch need a store created for development.
    case readOnly(String)
    /// Another time-travel operation is running; try again.
    case busy
    /// The text is not JSON (or is over the limits).
    case malformedJSON(String)
    /// The JSON is not an action of the store's type.
    case undecodableAction(String)
    /// The text is over ``InspectorOptions/maximumBytes``.
    case tooLarge(Int)
    /// The file is not an exported session.
    case invalidSession(String)
    /// The store refused (closed, or gone).
    case store(String)

    /// A readable description.
    public var description: String {
        switch self {
        case .unknownIndex(let index): "no recorded action #\(index)"
        case .readOnly(let why): "read-only: \(why)"
        case .busy: "another time-travel operation is running"
        case .malformedJSON(let why): why
        case .undecodableAction(let why): "not an action of this store: \(why)"
        case .tooLarge(let limit): "over the limit of \(limit) bytes"
        case .invalidSession(let why): "not an inspector session: \(why)"
        case .store(let why): "the store refused: \(why)"
        }
    }
}
