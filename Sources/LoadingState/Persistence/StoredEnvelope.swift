import Foundation

/// The JSON shape of a stored file: the value and when it was saved (for the maximum age).
struct StoredEnvelope<Value: Codable>: Codable {
    var savedAt: Date
    var value: Value
}
