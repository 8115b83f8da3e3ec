import StoreKitLite
import StoreKitLiteTesting
import StreamCore
import Testing
import TestSupport

private enum AccountError: Error, Equatable, Sendable {
    case insufficientFunds(balance: Int)
    case frozen
}

private enum AccountAction: Sendable, Equatable {
    case deposit(Int)
    case withdraw(Int)
    case freeze
    case audit
}

private struct Account: Sendable, Equatable {
    var balance = 0
    var frozen = false
}

private let accountReducer = Reducer<Account, AccountAction>(mutating: { account, action throws(StoreError) in
    switch action {
    case .deposit(let amount):
        guard !account.frozen else { throw .refusing(AccountError.frozen) }
        account.balance += amount
    case .withdraw(let amount):
        guard !account.frozen else { throw .refusing(AccountError.frozen) }
        guard amount <= account.balance else { throw .refusing(AccountError.insufficientFunds(balance: account.balance)) }
        account.balance -= amount
    case .freeze:
        account.frozen = true
    case .audit:
        throw .rejected("audits run elsewhere")
    }
})

private func mentions(_ issue: Issue, _ text: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains(text) }
}

@Suite struct TestStoreRefusalTests {
    @Test func sendAssertsARefusalWithItsTypedError() throws {
        let store = TestStore(initialState: Account(), reducer: accountReducer)
        try store.send(.deposit(10)) { $0.balance = 10 }
        try store.send(.withdraw(50), refusedWith: AccountError.insufficientFunds(balance: 10))
        try store.send(.audit, refusedWith: .rejected("audits run elsewhere"))
        try store.send(.freeze) { $0.frozen = true }
        try store.send(.deposit(1), refusedWith: AccountError.frozen)
        try store.finish()
    }

    @Test func theAsyncSendAssertsARefusalToo() async throws {
        let store = TestStore(initialState: Account(), reducer: accountReducer)
        try await store.send(.withdraw(1), refusedWith: AccountError.insufficientFunds(balance: 0))
        try await store.send(.audit, refusedWith: StoreError.rejected("audits run elsewhere"))
        try await store.finish()
    }

    @Test func anUnexpectedRefusalFailsAnExhaustiveTestAndPrintsTheError() throws {
        let store = TestStore(initialState: Account(), reducer: accountReducer)
        try withKnownIssue {
            try store.send(.withdraw(5))
        } matching: { issue in
            mentions(issue, "send(withdraw(5)) was refused: action refused: insufficientFunds(balance: 0)")
        }
        try store.finish()
    }

    @Test func anUnexpectedRefusalIsNoFailureWhenNotExhaustive() throws {
        let store = TestStore(initialState: Account(), reducer: accountReducer, exhaustivity: .off)
        try store.send(.withdraw(5))
        try store.send(.deposit(2)) { $0.balance = 2 }
    }

    @Test func aRefusalWithAnotherErrorOrNoRefusalAtAllFails() throws {
        let store = TestStore(initialState: Account(), reducer: accountReducer)
        try withKnownIssue {
            try store.send(.withdraw(5), refusedWith: AccountError.frozen)
        } matching: { issue in
            mentions(issue, "failed with action refused: insufficientFunds(balance: 0), expected a refusal: action refused: frozen")
        }
        try withKnownIssue {
            try store.send(.deposit(5), refusedWith: AccountError.frozen)
        } matching: { issue in
            mentions(issue, "send(deposit(5)) was reduced, expected a refusal: action refused: frozen")
        }
        #expect(store.state.balance == 5)
    }

    @Test func outsideSwiftTestingTheFailuresAreThrownWithTheirKind() async {
        // Detached: no Swift Testing test context, so the test store throws.
        let kinds: [TestStoreFailure.Kind?] = await Task.detached {
            let store = TestStore(initialState: Account(), reducer: accountReducer)
            var kinds: [TestStoreFailure.Kind?] = []
            do throws(TestStoreFailure) { try store.send(.withdraw(5)); kinds.append(nil) } catch { kinds.append(error.kind) }
            do throws(TestStoreFailure) { try store.send(.deposit(1), refusedWith: AccountError.frozen); kinds.append(nil) } catch { kinds.append(error.kind) }
            return kinds
        }.value
        #expect(kinds == [.unexpectedRefusal, .refusalMismatch])
    }

    @Test func aSynchronousSendFromTheStoresOwnObserverIsReportedAtOnce() throws {
        let store = TestStore(initialState: Account(), reducer: accountReducer)
        let reentrant = Box<[String]>([])
        let observation = store.store.observeNext { account in
            guard account.balance == 10 else { return }
            do throws(TestStoreFailure) {
                try store.send(.withdraw(3)) { $0.balance = 7 }
            } catch {
                reentrant.mutate { $0.append(error.description) }
            }
        }
        defer { observation.dispose() }
        try withKnownIssue {
            try store.send(.deposit(10)) { $0.balance = 10 }
        } matching: { issue in
            mentions(issue, "send(withdraw(3)) was called on the thread running the store's current action")
        }
        // The re-entrant action was queued, not lost: it ran after the deposit.
        #expect(store.state.balance == 7)
        #expect(reentrant.value == [])
    }
}
