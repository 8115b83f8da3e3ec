import Foundation
import ReactiveToolkitInspectorCore
import StoreKitLite
import StreamCore

/// A small domain whose reducer does not commute (a list and a running product), so that
/// replaying without an action gives a different state than reducing them all.
struct Ledger: Codable, Sendable, Equatable {
    var entries: [String] = []
    var total = 1
    var login: Login?
}

struct Login: Codable, Sendable, Equatable {
    var user: String
    var password: String
}

enum LedgerAction: Codable, Sendable, Equatable {
    case add(String)
    case multiply(Int)
    case signIn(user: String, password: String)
    case fail
}

let ledgerReducer = Reducer<Ledger, LedgerAction>(mutating: { state, action throws(StoreError) in
    switch action {
    case .add(let text): state.entries.append(text)
    case .multiply(let factor):
        guard factor != 0 else { throw .rejected("zero") }
        state.total *= factor
    case .signIn(let user, let password): state.login = Login(user: user, password: password)
    case .fail: throw .rejected("always")
    }
})

/// A thread-safe box for tests.
final class TestBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched with `lock` held.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func mutate<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&stored) } }
}

extension InspectorValue {
    /// The JSON text of a field path (`state.total`), for short expectations.
    func text(_ path: String...) -> String? {
        var current: InspectorValue? = self
        for name in path { current = current?[name] }
        return current?.jsonText
    }
}
