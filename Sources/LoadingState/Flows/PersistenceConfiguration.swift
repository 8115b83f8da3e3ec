public import Foundation

/// Whether a default flow stores values on disk, and where.
public enum PersistenceConfiguration: Sendable, Hashable {
    /// No persistence: ``ResourceFlow/fetch(_:)`` always goes to the network, nothing is saved.
    case disabled
    /// Values are stored as JSON files in `folder` (see ``DiskStore``).
    ///
    /// - `fileName`: the file for this flow's value; `nil` derives it from the value type.
    /// - `maxAge`: seconds a stored value stays valid; `nil` for forever.
    case enabled(folder: URL, fileName: String? = nil, maxAge: TimeInterval? = nil)
}
