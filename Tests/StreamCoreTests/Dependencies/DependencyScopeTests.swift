import StreamCore
import Testing
import TestSupport

/// How a store's scope and the scope an action was sent under combine
/// (``DependencyScope/resolve(base:sender:)``).
@Suite struct DependencyScopeTests {
    private func scope(_ update: (inout DependencyValues) -> Void) -> DependencyScope {
        var values = DependencyValues.current
        update(&values)
        return DependencyScope(values)
    }

    private func read(_ scope: DependencyScope?) -> (String, Int) {
        DependencyScope.run(in: scope) { (DependencyValues.current.greeting, DependencyValues.current.liveOnly) }
    }

    @Test func eitherAloneIsTaken() {
        let store = scope { $0.greeting = "store" }
        #expect(DependencyScope.resolve(base: store, sender: nil) === store)
        #expect(DependencyScope.resolve(base: nil, sender: store) === store)
        #expect(DependencyScope.resolve(base: nil, sender: nil) == nil)
    }

    @Test func theSendersChangesWinOverTheStores() {
        let store = scope {
            $0.greeting = "store"
            $0.liveOnly = 1
        }
        let request = scope { $0.liveOnly = 2 }
        let resolved = DependencyScope.resolve(base: store, sender: request)
        #expect(read(resolved) == ("store", 2))
    }

    @Test func aSenderDerivedFromTheStoreIsTakenAsItIs() {
        let store = scope { $0.greeting = "store" }
        let effect = store.install { scope { $0.liveOnly = 5 } }  // an effect's scope, inside the store's action
        #expect(DependencyScope.resolve(base: store, sender: effect) === effect)
        #expect(read(effect) == ("store", 5))
    }

    @Test func aStoreCreatedInsideTheSendersScopeKeepsItsOwnChanges() {
        // A test's scope sets the greeting, a test store made inside it sets it again: the test's
        // later sends (under its scope) read the store's.
        let test = scope { $0.greeting = "test scope" }
        let store = test.install { scope { $0.greeting = "store" } }
        #expect(DependencyScope.resolve(base: store, sender: test) === store)
    }

    @Test func onlyWhatTheSenderSetSinceTheLineagesMetWins() {
        let outer = scope { $0.greeting = "outer" }
        let store = outer.install { scope { $0.greeting = "store" } }
        let request = outer.install { scope { $0.liveOnly = 9 } }  // a sibling of the store's scope
        let resolved = DependencyScope.resolve(base: store, sender: request)
        #expect(read(resolved) == ("store", 9))  // "outer" is older than the store's change
    }

    @Test func aMergedScopeIsReusedForItsEffectsActions() {
        let store = scope { $0.greeting = "store" }
        let request = scope { $0.liveOnly = 2 }
        let merged = DependencyScope.resolve(base: store, sender: request)
        #expect(merged !== store && merged !== request)
        // An action an effect sends under the merged scope resolves to it: no new merge.
        #expect(DependencyScope.resolve(base: store, sender: merged) === merged)
    }

    @Test func aSenderThatSetNothingNewGivesTheStoresScope() {
        let store = scope { $0.greeting = "store" }
        let nothing = scope { _ in }
        #expect(DependencyScope.resolve(base: store, sender: nothing) === store)
    }

    @Test func runningUnderNoScopeLeavesTheOneInForce() {
        let request = scope { $0.greeting = "request" }
        let seen = request.install { DependencyScope.run(in: nil) { DependencyValues.current.greeting } }
        #expect(seen == DependencyScope.root.currentValues.greeting)
    }
}
