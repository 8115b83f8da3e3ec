import Foundation
import StoreKitLite
import StreamCore
import StreamCoreTesting
import Testing
import TestSupport

private enum PayAction: Sendable, Hashable {
    case submit(Int)
    case paid(Int)
    case receipt(Int)
}

/// A store whose payment effect pays each submitted order after two ticks (a tracked effect
/// named "payment"); with `receipts`, each payment's element starts a receipt effect (a
/// follow-up, started while the payment forwards it) that sends a receipt a tick later.
private func paymentStore(scheduler: TestScheduler, receipts: Bool = false) -> Store<[Int], PayAction> {
    let store = Store(
        initialState: [Int](),
        reducer: Reducer<[Int], PayAction>(mutating: { state, action in
            if case .submit(let id) = action { state.append(id) }
        }))
    store.attach(
        effect: { states in
            states.compactMap(\.last)
                .removeDuplicates()
                .flatMapMerge { id in
                    let payment = Signal(just: PayAction.paid(id))
                        .delay(for: .seconds(2), on: scheduler)
                        .trackedAsEffect(named: "payment")
                    guard receipts else { return payment }
                    return payment.flatMapMerge { paid in
                        Signal(just: PayAction.receipt(id)).delay(for: .seconds(1), on: scheduler)
                            .trackedAsEffect(named: "receipt")
                            .prepend(paid)
                    }
                }
        }, named: "payments")
    return store
}

/// The sequence number of each update, by action: what `EffectCause.update` is matched with.
private func updateNumbers(of store: Store<[Int], PayAction>) -> (Box<[PayAction: UInt64]>, any Disposable) {
    let numbers = Box<[PayAction: UInt64]>([:])
    let observation = store.updates.observeNext { update in
        if let action = update.lastAction { numbers.mutate { $0[action] = update.sequence } }
    }
    return (numbers, observation)
}

/// The events observed, and each as one line: `payment started`, `payment sent paid(2)`,
/// `? sent paid(1)` (sender not known), `payment finished`; names are looked up by identity.
private final class EventLog: Sendable {
    let events = Box<[EffectEvent<PayAction>]>([])

    func append(_ event: EffectEvent<PayAction>) { events.append(event) }

    var lines: [String] {
        let events = events.value
        var names: [EffectID: String] = [:]
        for event in events where event.kind == .started {
            if let effect = event.effect { names[effect] = event.name ?? "unnamed" }
        }
        return events.map { event in
            let name = event.effect.map { names[$0] ?? "unannounced" } ?? "?"
            switch event.kind {
            case .started: return "\(name) started"
            case .sent(let action): return "\(name) sent \(action)"
            case .finished: return "\(name) finished"
            case .failed(let why): return "\(name) failed: \(why)"
            case .cancelled: return "\(name) cancelled"
            }
        }
    }
}

private struct Declined: Error, CustomStringConvertible {
    var description: String { "card declined" }
}

@Suite struct StoreEffectEventsTests {
    @Test func reportsAnEffectsStartItsCauseWhatItSentAndItsEnd() async throws {
        let scheduler = TestScheduler()
        let store = paymentStore(scheduler: scheduler)
        let (numbers, updates) = updateNumbers(of: store)
        let log = EventLog()
        let observation = store.observeEffectEvents(log.append)
        try await store.send(.submit(7))
        #expect(log.lines == ["payment started"])
        let started = try #require(log.events.value.first)
        // Started by the state of the update that `.submit(7)` made.
        #expect(started.cause == .update(sequence: try #require(numbers.value[.submit(7)])))
        scheduler.advance(by: .seconds(2))
        await store.effectsSettled()
        #expect(log.lines == ["payment started", "payment sent paid(7)", "payment finished"])
        let effect = try #require(started.effect)
        #expect(log.events.value.map(\.effect) == [effect, effect, effect])
        #expect(log.events.value.map(\.cause) == Array(repeating: started.cause, count: 3))
        #expect(store.state == [7])
        observation.dispose()
        updates.dispose()
    }

    @Test func reportsCancelledAndFailedEffects() async throws {
        let scheduler = TestScheduler()
        let store = paymentStore(scheduler: scheduler)
        store.attach(
            effect: { states in
                states.filter { $0.contains(2) }.take(first: 1).flatMapLatest { _ in
                    Signal<PayAction, Declined>.failed(Declined()).trackedAsEffect(named: "charge")
                        .replaceError(with: .paid(-2))
                }
            }, named: "charges")
        let log = EventLog()
        let observation = store.observeEffectEvents(log.append)
        store.dispatch(.submit(1))
        #expect(store.cancelEffectsInFlight() == ["payment"])
        store.dispatch(.submit(2))
        // `replaceError` sends its element while the failure is forwarded, under the charge's
        // label: it is the charge's, and comes before its end.
        #expect(
            log.lines == [
                "payment started", "payment cancelled", "payment started", "charge started", "charge sent paid(-2)",
                "charge failed: card declined",
            ])
        observation.dispose()
    }

    @Test func aFollowUpEffectIsCausedByTheEffectThatStartedIt() async throws {
        let scheduler = TestScheduler()
        let store = paymentStore(scheduler: scheduler, receipts: true)
        let log = EventLog()
        let observation = store.observeEffectEvents(log.append)
        store.dispatch(.submit(3))
        scheduler.advance(by: .seconds(3))
        await store.effectsSettled()
        // `prepend(paid)` sends `paid` before it observes the receipt effect.
        #expect(
            log.lines == [
                "payment started", "payment sent paid(3)", "receipt started", "payment finished", "receipt sent receipt(3)",
                "receipt finished",
            ])
        let payment = try #require(log.events.value.first?.effect)
        let receipt = log.events.value[2]
        #expect(receipt.name == "receipt" && receipt.kind == .started)
        #expect(receipt.cause == .effect(payment))
        #expect(receipt.effect != payment)
        observation.dispose()
    }

    @Test func onlyEffectsStartedWhileObservedAreReportedAndNothingAfterDisposal() async {
        let scheduler = TestScheduler()
        let store = paymentStore(scheduler: scheduler)
        store.dispatch(.submit(1))  // started before the observer: neither its start nor its end
        let log = EventLog()
        let observation = store.observeEffectEvents(log.append)
        store.dispatch(.submit(2))
        scheduler.advance(by: .seconds(2))
        await store.effectsSettled()
        // What the first payment sent is reported, without its sender (it was not observed).
        #expect(log.lines == ["payment started", "? sent paid(1)", "payment sent paid(2)", "payment finished"])
        observation.dispose()
        store.dispatch(.submit(3))
        scheduler.advance(by: .seconds(2))
        await store.effectsSettled()
        #expect(log.lines.count == 4)
        #expect(store.state == [1, 2, 3])
    }

    @Test func theObserverIsCalledOutsideTheStoresLocks() async {
        // Reading the store's effects from the observer would deadlock under the group's lock.
        let scheduler = TestScheduler()
        let store = paymentStore(scheduler: scheduler)
        let seen = Box<[Int]>([])
        let observation = store.observeEffectEvents { _ in seen.append(store.effectsInFlight.count) }
        store.dispatch(.submit(1))
        scheduler.advance(by: .seconds(2))
        await store.effectsSettled()
        #expect(seen.value == [0, 1, 0])  // before it is counted, while it sends, after it ended
        observation.dispose()
    }

    @Test func manyThreadsStartingAndCancellingEffectsGetOneStartAndOneEndEach() async {
        let store = Store(initialState: 0, reducer: Reducer<Int, Int> { state, action in state + action })
        struct Tally: Sendable {
            var started: Set<EffectID> = []
            var ended: Set<EffectID> = []
            var problems: [String] = []
        }
        let tally = Box(Tally())
        let observation = store.observeEffectEvents { event in
            guard let effect = event.effect else { return }
            tally.mutate { tally in
                switch event.kind {
                case .started:
                    if !tally.started.insert(effect).inserted { tally.problems.append("\(effect) started twice") }
                case .sent:
                    // After a cancel, an element already on its way on another thread may follow.
                    if !tally.started.contains(effect) { tally.problems.append("\(effect) sent before its start") }
                case .finished, .failed, .cancelled:
                    if !tally.started.contains(effect) { tally.problems.append("\(effect) ended before its start") }
                    if !tally.ended.insert(effect).inserted { tally.problems.append("\(effect) ended twice") }
                }
            }
        }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<250 {
                let signal = Signal<Int, Never> { observer in
                    let cancelled = Box(false)
                    DispatchQueue.global().async { if !cancelled.value { observer.receive(lastElement: 1) } }
                    return BlockDisposable { cancelled.value = true }
                }
                let running = store.run(signal, id: thread * 1_000 + index)
                if index % 3 == 0 { running.dispose() }
            }
        }
        await store.effectsSettled()
        await store.drained()
        observation.dispose()
        let result = tally.value
        #expect(result.problems == [])
        #expect(result.started.count == 1_000)
        #expect(result.ended == result.started)
    }
}
