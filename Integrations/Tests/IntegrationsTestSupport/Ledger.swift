public import StoreKitLite

/// An order-sensitive state: a withdrawal is refused when the balance is short, so a different
/// order of the same actions gives a different state. Shared by the PostgreSQL journal's tests
/// and their child process, which must code it the same way.
public struct Ledger: Codable, Equatable, Sendable {
    /// The sum of the accepted deposits and withdrawals.
    public var balance = 0
    /// The tags and notes of the accepted actions, in order.
    public var history: [String] = []

    /// An empty ledger.
    public init() {}
}

/// The ledger's actions.
public enum LedgerAction: Codable, Equatable, Sendable {
    case deposit(Int, tag: String)
    case withdraw(Int, tag: String)
    case note(String)
}

/// The ledger's reducer: refuses a withdrawal over the balance.
public let ledgerReducer = Reducer<Ledger, LedgerAction>(mutating: { state, action throws(StoreError) in
    switch action {
    case .deposit(let amount, let tag):
        state.balance += amount
        state.history.append(tag)
    case .withdraw(let amount, let tag):
        guard amount <= state.balance else { throw .rejected("insufficient funds for \(tag)") }
        state.balance -= amount
        state.history.append(tag)
    case .note(let text):
        state.history.append(text)
    }
})
