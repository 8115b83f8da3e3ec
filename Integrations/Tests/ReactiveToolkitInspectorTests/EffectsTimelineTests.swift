import Foundation
import IntegrationsTestSupport
import ReactiveToolkitInspectorCore
import StoreKitLite
import StreamCore
import Testing

/// Effects the test finishes by hand: each started effect waits until the test fires or fails
/// it (no clock involved).
final class Triggers: Sendable {
    private let pending = TestBox<[Int: Observer<LedgerAction, Never>]>([:])
    private let failing = TestBox<[Int: Observer<LedgerAction, Declined>]>([:])

    /// An effect for `key` that sends what ``fire(_:_:)`` gives it, then completes.
    func effect(_ key: Int) -> Signal<LedgerAction, Never> {
        Signal { observer in
            self.pending.mutate { $0[key] = observer }
            return BlockDisposable { self.pending.mutate { $0[key] = nil } }
        }
    }

    /// An effect for `key` that fails when ``fail(_:)`` is called.
    func failingEffect(_ key: Int) -> Signal<LedgerAction, Declined> {
        Signal { observer in
            self.failing.mutate { $0[key] = observer }
            return BlockDisposable { self.failing.mutate { $0[key] = nil } }
        }
    }

    func fire(_ key: Int, _ action: LedgerAction) {
        pending.value[key]?.receive(lastElement: action)
    }

    func fail(_ key: Int) {
        failing.value[key]?.receive(completion: .failure(Declined()))
    }
}

struct Declined: Error, CustomStringConvertible {
    var description: String { "declined" }
}

/// A ledger store whose attached effect starts, for each `.multiply(n)` with n > 1, an effect
/// named `pay n` that sends `.add("paid n")` when fired; with n == 7 it also starts a follow-up
/// `receipt` when that element goes by, and with n == 9 an effect `charge` that fails.
func effectStore(
    _ inspector: StoreInspector<Ledger, LedgerAction>, triggers: Triggers,
    middleware: [Middleware<Ledger, LedgerAction>] = []
) -> Store<Ledger, LedgerAction> {
    let store = Store(initialState: Ledger(), reducer: ledgerReducer, middleware: middleware, inspector: inspector)
    store.attach(
        effect: { states in
            states.map(\.total).removeDuplicates().filter { $0 > 1 }.flatMapMerge { total -> Signal<LedgerAction, Never> in
                let factor = total.primeFactor
                if factor == 9 || total % 9 == 0 {
                    return triggers.failingEffect(total).trackedAsEffect(named: "charge").replaceError(with: .add("charge failed"))
                }
                let pay = triggers.effect(total).trackedAsEffect(named: "pay \(total)")
                guard total % 7 == 0 else { return pay }
                return pay.flatMapMerge { paid in
                    triggers.effect(-total).trackedAsEffect(named: "receipt").prepend(paid)
                }
            }
        }, named: "payments")
    return store
}

extension Int {
    /// The smallest factor above 1 (for the fixture's choice of effect).
    fileprivate var primeFactor: Int {
        var factor = 2
        while factor < self, self % factor != 0 { factor += 1 }
        return factor
    }
}

@Suite struct EffectsTimelineTests {
    /// The effects of the action with this index, as (name, kind, sent summaries).
    static func effects(_ inspector: StoreInspector<Ledger, LedgerAction>, of index: Int) throws -> [String] {
        guard case .array(let effects)? = try inspector.effects(of: index)["effects"] else { return [] }
        return effects.map { effect in
            let sent: [String] =
                if case .array(let items)? = effect["sent"] { items.compactMap { $0["a"]?.summary } } else { [] }
            let parent = effect["parent"] == .null ? "" : "↳ "
            return "\(parent)\(effect["name"]?.summary ?? "-") \(effect["kind"]?.summary ?? "?")" + (sent.isEmpty ? "" : " " + sent.joined(separator: ", "))
        }
    }

    @Test func showsTheEffectsAnActionStartedWhenTheyEndedAndWhatTheySentBack() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>()
        let triggers = Triggers()
        let store = effectStore(inspector, triggers: triggers)
        try await store.send(.multiply(2))  // #1 starts "pay 2"
        #expect(try Self.effects(inspector, of: 1) == ["pay 2 running"])
        triggers.fire(2, .add("paid 2"))  // #2 is what it sent
        await store.drained()
        #expect(try Self.effects(inspector, of: 1) == ["pay 2 finished add \"paid 2\""])
        #expect(try inspector.detail(2)["action"]?.summary == #"add "paid 2""#)
        #expect(try Self.effects(inspector, of: 2).isEmpty)  // the state did not change the total
        let effect = try #require(inspector.effectLanes(limit: 10)["effects"].flatMap { if case .array(let list) = $0 { list.first } else { nil } })
        #expect(effect["cause"]?["index"]?.integer == 1)
        #expect(effect["duration"]?.integer != nil)
        #expect(inspector.status()["effects"]?.integer == 1)
    }

    @Test func followUpsFailuresAndCancellationsAreShownUnderTheirAction() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>()
        let triggers = Triggers()
        let store = effectStore(inspector, triggers: triggers)
        try await store.send(.multiply(7))  // #1: pay 7, and on its element a receipt
        triggers.fire(7, .add("paid 7"))
        await store.drained()
        #expect(try Self.effects(inspector, of: 1) == [#"pay 7 finished add "paid 7""#, "↳ receipt running"])
        try await store.send(.multiply(9))  // #3 (#2 was "paid 7"): total 63, a charge that fails
        triggers.fail(63)
        await store.drained()
        // Its replacement element went by while the failure was forwarded: the charge sent it.
        #expect(try Self.effects(inspector, of: 3) == [#"charge failed add "charge failed""#])
        let failed = try inspector.effects(of: 3)["effects"]
        #expect(failed?.jsonText.contains("failed: declined") == true)
        store.cancelAllEffects()  // the receipt is still running: cancelled
        #expect(try Self.effects(inspector, of: 1).last == "↳ receipt cancelled")
        #expect(throws: InspectorError.unknownIndex(99)) { try inspector.effects(of: 99) }
    }

    @Test func attributesEffectsToTheRightActionAfterDropsHoldsAndTimeTravel() async throws {
        // The store numbers its updates without the actions a middleware stopped, and with the
        // states time travel installed: the timeline must still name the right action.
        let inspector = StoreInspector<Ledger, LedgerAction>(development: true)
        let triggers = Triggers()
        let dropEmpty = Middleware<Ledger, LedgerAction> { action, _ in action == .add("") ? nil : action }
        let store = effectStore(inspector, triggers: triggers, middleware: [dropEmpty])
        try await store.send(.add("a"))  // #1
        _ = try? await store.send(.add(""))  // #2: dropped
        try await store.send(.multiply(2))  // #3: pay 2
        try await inspector.jump(to: 1)  // installs a state (total 1)
        try await inspector.returnToPresent()  // installs the present (total 2): no new effect
        _ = try? await store.send(.add(""))  // #4: dropped
        try await store.send(.multiply(5))  // #5: pay 10
        #expect(try Self.effects(inspector, of: 3) == ["pay 2 running"])
        #expect(try Self.effects(inspector, of: 5) == ["pay 10 running"])
        #expect(try Self.effects(inspector, of: 1).isEmpty)
        #expect(try Self.effects(inspector, of: 4).isEmpty)
        triggers.fire(10, .add("paid 10"))
        await store.drained()
        #expect(try Self.effects(inspector, of: 5) == [#"pay 10 finished add "paid 10""#])
    }

    @Test func theTimelineIsBoundedAndSaysHowManyEffectsItDropped() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>(options: InspectorOptions(maximumEffects: 3))
        let triggers = Triggers()
        let store = effectStore(inspector, triggers: triggers)
        for factor in [2, 3, 5, 11, 13] { try await store.send(.multiply(factor)) }
        guard case .array(let kept)? = inspector.effectLanes(limit: 100)["effects"] else {
            Issue.record("no effects")
            return
        }
        #expect(kept.compactMap { $0["name"]?.summary } == ["pay 30", "pay 330", "pay 4290"])
        #expect(inspector.effectLanes(limit: 100)["dropped"]?.integer == 2)
        #expect(inspector.status()["effectsDropped"]?.integer == 2)
        #expect(try Self.effects(inspector, of: 1).isEmpty)  // its effect was dropped
        #expect(try Self.effects(inspector, of: 5) == ["pay 4290 running"])
        store.cancelAllEffects()
    }

    @Test func anExportedSessionKeepsTheTimeline() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>()
        let triggers = Triggers()
        let store = effectStore(inspector, triggers: triggers)
        try await store.send(.multiply(7))
        triggers.fire(7, .add("paid 7"))
        await store.drained()
        let session = try InspectedSession(json: try inspector.exportSession())
        let names = { (value: InspectorValue?) -> [String] in
            guard case .array(let list)? = value else { return [] }
            return list.compactMap { $0["name"]?.summary }
        }
        #expect(names(try session.effects(of: 1)["effects"]) == ["pay 7", "receipt"])
        #expect(names(session.effectLanes(limit: 10)["effects"]) == names(inspector.effectLanes(limit: 10)["effects"]))
        store.cancelAllEffects()
    }

    @Test func manyThreadsSendingWithEffectsWhileAReaderReadsTheTimeline() async throws {
        let inspector = StoreInspector<Ledger, LedgerAction>(options: InspectorOptions(maximumActions: 300, maximumEffects: 50))
        let store = Store(initialState: Ledger(), reducer: ledgerReducer, inspector: inspector)
        store.attach(
            effect: { states in
                states.map(\.entries.count).removeDuplicates().filter { $0 % 10 == 0 }.flatMapMerge { count in
                    Signal<LedgerAction, Never> { observer in
                        DispatchQueue.global().async { observer.receive(lastElement: .multiply(1)) }
                        return BlockDisposable {}
                    }.trackedAsEffect(named: "tick \(count)")
                }
            }, named: "ticks")
        let done = TestBox(false)
        let reader = Thread {
            while !done.value {
                let next = inspector.status()["next"]?.integer ?? 1
                _ = try? inspector.effects(of: next - 1)
                _ = inspector.effectLanes(limit: 20)
            }
        }
        reader.start()
        // Blocking: on a thread of its own, not one of the cooperative pool's.
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<250 { store.dispatch(.add("\(thread)-\(index)")) }
            }
        }
        await store.effectsSettled()
        await store.drained()
        done.value = true
        #expect(store.state.entries.count == 1_000)
        guard case .array(let kept)? = inspector.effectLanes(limit: 1_000)["effects"] else {
            Issue.record("no effects")
            return
        }
        #expect(kept.count == 50)
        #expect(kept.allSatisfy { $0["kind"]?.summary == "finished" })
        #expect(kept.count + (inspector.status()["effectsDropped"]?.integer ?? 0) == 101)  // counts 0, 10, …, 1000
    }
}
