import Dispatch
import Foundation
import StoreKitLite
import Testing
import TestSupport

/// The store runs each action, and the effects it starts, with the dependencies it was sent
/// with, whatever thread runs them.
@Suite struct StoreDependenciesTests {
    enum Action: Sendable, Equatable {
        case read(String)
        case block
        case start(String)
        case finished(String)
    }

    /// Who read which request ID, in reducer order: `"tag=value"`.
    struct Log: Sendable, Equatable {
        var reads: [String] = []
        var started: String?
    }

    private static func reducer(entered: DispatchSemaphore? = nil, release: DispatchSemaphore? = nil) -> Reducer<Log, Action> {
        Reducer(mutating: { log, action in
            @Dependency(\.requestID) var requestID
            switch action {
            case .read(let tag):
                log.reads.append("\(tag)=\(requestID)")
                log.started = nil
            case .block:
                entered?.signal()
                release?.wait()
                log.started = nil
            case .start(let id):
                log.reads.append("start \(id)=\(requestID)")
                log.started = id
            case .finished(let id):
                log.reads.append("finished \(id)=\(requestID)")
                log.started = nil
            }
        })
    }

    @Test func theReducerReadsTheValuesOfTheSendersScope() async throws {
        let store = Store(initialState: Log(), reducer: Self.reducer())
        try await withDependencies {
            $0.requestID = "r1"
        } operation: {
            try await store.send(.read("a"))
        }
        store.dispatch(.read("b"))
        withDependencies {
            $0.requestID = "r2"
        } operation: {
            store.dispatch(.read("c"))
        }
        #expect(store.state.reads == ["a=r1", "b=test-request", "c=r2"])  // b: this test process's context
    }

    @Test func aStoresOwnOverridesHoldForEveryActionAndASendersChangesWin() {
        let store = Store(initialState: Log(), reducer: Self.reducer()) { $0.requestID = "store" }
        store.dispatch(.read("a"))
        withDependencies {
            $0.requestID = "sender"
        } operation: {
            store.dispatch(.read("b"))
        }
        withDependencies {
            $0.priceList = [1]
        } operation: {
            store.dispatch(.read("c"))
        }
        #expect(store.state.reads == ["a=store", "b=sender", "c=store"])
        #expect(store.dependencies.requestID == "store")
    }

    @Test func aStoreCapturesTheScopeItIsCreatedIn() {
        let store = withDependencies {
            $0.requestID = "created"
        } operation: {
            Store(initialState: Log(), reducer: Self.reducer())
        }
        store.dispatch(.read("a"))
        #expect(store.state.reads == ["a=created"])
        let child = withDependencies(from: store.dependencies) {
            Store(initialState: Log(), reducer: Self.reducer())
        }
        child.dispatch(.read("child"))
        #expect(child.state.reads == ["child=created"])
    }

    /// An action queued behind another thread's runs with its own values on the holder's thread,
    /// not with the holder's: the holder is inside scope "holder" when it drains them.
    @Test func anActionQueuedBehindAnotherThreadRunsWithItsOwnValues() async {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let store = Store(initialState: Log(), reducer: Self.reducer(entered: entered, release: release))
        let returned = DispatchSemaphore(value: 0)
        Thread {
            withDependencies {
                $0.requestID = "holder"
            } operation: {
                store.dispatch(.block)
                store.dispatch(.read("holder's own"))
            }
            returned.signal()
        }.start()
        #expect(await wait(for: entered))
        withDependencies {
            $0.requestID = "queued"
        } operation: {
            store.dispatch(.read("other"))
        }
        store.dispatch(.read("unscoped"))  // queued too: the holder runs it outside every scope
        #expect(store.queuedActionCount == 2)
        release.signal()
        #expect(await wait(for: returned))
        await store.drained()
        #expect(store.state.reads == ["other=queued", "unscoped=test-request", "holder's own=holder"])
    }

    /// A held action resumed later, from another thread, keeps the values it was sent with.
    @Test func aHeldActionKeepsItsValuesWhenResumedElsewhere() async {
        let held = Box<HeldAction<Log, Action>?>(nil)
        let store = Store(
            initialState: Log(),
            reducer: Self.reducer(),
            middleware: [
                Middleware(holding: { action, _, holder in
                    guard case .read("held") = action else { return action }
                    held.value = holder.hold(action)
                    return nil
                })
            ]
        )
        withDependencies {
            $0.requestID = "sent"
        } operation: {
            store.dispatch(.read("held"))
        }
        let resumed = DispatchSemaphore(value: 0)
        Thread {
            withDependencies {
                $0.requestID = "resumer"
            } operation: {
                held.value?.resume()
            }
            resumed.signal()
        }.start()
        #expect(await wait(for: resumed))
        await store.drained()
        #expect(store.state.reads == ["held=sent"])
    }

    /// Effects delivered on another context (`notifyOn:`) run with the values of the action
    /// that produced their state; the current state's effects, at `attach`, with the store's and
    /// what the attaching scope set on top (as an action sent there would).
    @Test func effectsOnTheNotificationContextReadTheirActionsValues() async {
        let created = DispatchSemaphore(value: 0)
        let seen = Box<[String]>([])
        let store = Store(initialState: Log(), reducer: Self.reducer(), notifyOn: DispatchQueue(label: "notify").context) {
            $0.requestID = "store"
        }
        let attached = withDependencies {
            $0.requestID = "attacher"
        } operation: {
            store.attach(effect: { states in
                states.flatMapMerge { log -> Signal<Action, Never> in
                    @Dependency(\.requestID) var requestID
                    seen.append("\(log.started ?? "initial")=\(requestID)")
                    created.signal()
                    return .completed()
                }
            })
        }
        #expect(await wait(for: created))
        withDependencies {
            $0.requestID = "sender"
        } operation: {
            store.dispatch(.start("1"))
        }
        #expect(await wait(for: created))
        #expect(seen.value == ["initial=attacher", "1=sender"])
        attached.dispose()
    }

    /// A service: two requests send at once, each under its own request ID. Each action, each
    /// effect it starts (created on the store's thread, finishing on a queue) and each action
    /// that effect sends back read that request's ID.
    @Test func twoConcurrentRequestsEachSeeTheirOwnValues() async throws {
        let effectsCreated = DispatchGroup()
        effectsCreated.enter()
        effectsCreated.enter()
        let seenByEffects = Box<[String]>([])
        // One answer at a time: a merge busy delivering one effect's answer on one thread delivers
        // another's queued meanwhile on that thread, with that thread's values (the article's limit).
        let queue = DispatchQueue(label: "payments")
        let store = Store(initialState: Log(), reducer: Self.reducer())
        let attached = store.attach(effect: { states in
            states.compactMap(\.started).flatMapMerge { id in
                @Dependency(\.requestID) var requestID
                seenByEffects.append("effect \(id)=\(requestID)")
                effectsCreated.leave()
                return Signal<Action, Never> { observer in
                    queue.async {
                        effectsCreated.wait()  // both requests' effects exist before either finishes
                        observer.receive(lastElement: .finished(id))
                    }
                    return NonDisposable.instance
                }.trackedAsEffect(named: "payment \(id)")
            }
        })
        async let first: Void = withDependencies {
            $0.requestID = "A"
        } operation: {
            await store.sendTracked(.start("1")).finish()
        }
        async let second: Void = withDependencies {
            $0.requestID = "B"
        } operation: {
            await store.sendTracked(.start("2")).finish()
        }
        _ = await (first, second)
        attached.dispose()
        let reads = Set(store.state.reads)
        #expect(reads == ["start 1=A", "start 2=B", "finished 1=A", "finished 2=B"])
        #expect(Set(seenByEffects.value) == ["effect 1=A", "effect 2=B"])
    }
}

@Suite struct ObservableStoreDependenciesTests {
    @MainActor @Test func aHostsStoreRunsWithItsOverrides() async throws {
        let host = ObservableStore(
            initialState: StoreDependenciesTests.Log(),
            reducer: Reducer<StoreDependenciesTests.Log, StoreDependenciesTests.Action>(mutating: { log, action in
                @Dependency(\.requestID) var requestID
                if case .read(let tag) = action { log.reads.append("\(tag)=\(requestID)") }
            })
        ) {
            $0.requestID = "preview"
        }
        try await host.send(.read("a"))
        #expect(host.state.reads == ["a=preview"])
    }
}
