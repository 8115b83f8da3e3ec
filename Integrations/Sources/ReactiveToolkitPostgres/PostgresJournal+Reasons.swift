import Foundation
import PostgresNIO

/// Readable reasons for postgres-nio's errors, with secrets removed.
///
/// `PSQLError`'s `description` is a fixed text ("Generic description to prevent accidental
/// leakage…"), so every failure looks the same. The reason is built from its fields instead: the
/// code, the server's SQLSTATE, message, detail and hint, and the underlying error (say, the
/// socket's "Connection refused"). Its `query` (whose binds hold actions) is left out, and the
/// configured password, `postgres://` URLs and `password=` pairs are replaced by `<redacted>`.
struct ReasonRedactor: Sendable {
    /// The strings never shown (the configured password).
    let secrets: [String]

    init(configuration: PostgresConnection.Configuration) {
        secrets = [configuration.password].compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// The reason for `error`, redacted.
    func reason(for error: any Error) -> String {
        redact(Self.describe(error))
    }

    /// Removes the secrets, connection strings and `password=` pairs from `text`.
    func redact(_ text: String) -> String {
        var text = text
        for secret in secrets { text = text.replacingOccurrences(of: secret, with: "<redacted>") }
        for pattern in [#"postgres(ql)?://[^\s,)\]]*"#, #"(?i)password\s*=\s*[^\s,)\]]*"#] {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            let replacement = pattern.hasPrefix("postgres") ? "postgres://<redacted>" : "password=<redacted>"
            text = expression.stringByReplacingMatches(in: text, range: range, withTemplate: replacement)
        }
        return text
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(reflecting: error) }
        var parts: [String] = []
        if let info = error.serverInfo {
            if let state = info[.sqlState] { parts.append("SQLSTATE \(state)") }
            if let message = info[.message] { parts.append(message) }
            if let detail = info[.detail] { parts.append("detail: \(detail)") }
            if let hint = info[.hint] { parts.append("hint: \(hint)") }
        } else {
            parts.append("\(error.code)")
        }
        if let underlying = error.underlying { parts.append(Self.describe(underlying)) }
        return parts.joined(separator: ": ")
    }
}
