public import StreamCore

/// What became of a recorded action.
public enum RecordedOutcome: Sendable, Hashable {
    /// The reducer reduced it.
    case reduced
    /// The reducer refused it, with this error (the state did not change).
    case refused(StoreError)
    /// A middleware dropped it, before the reducer.
    case dropped(middleware: String)
    /// A middleware held it back, to pass it on later (it is recorded again if it reaches the
    /// reducer).
    case held(middleware: String)

    /// Whether the action reached the reducer (reduced or refused): only those are replayed when
    /// later states are recomputed.
    public var reachedReducer: Bool {
        switch self {
        case .reduced, .refused: true
        case .dropped, .held: false
        }
    }

    /// A short name of the kind: `reduced`, `refused`, `dropped` or `held`.
    public var kind: String {
        switch self {
        case .reduced: "reduced"
        case .refused: "refused"
        case .dropped: "dropped"
        case .held: "held"
        }
    }

    /// A readable description (`refused: action rejected: no order 3`, `dropped by normalize`).
    public var text: String {
        switch self {
        case .reduced: "reduced"
        case .refused(let error): "refused: \(error.description)"
        case .dropped(let name): "dropped by \(name)"
        case .held(let name): "held by \(name)"
        }
    }
}
