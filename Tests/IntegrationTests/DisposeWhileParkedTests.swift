#if canImport(Glibc)
import Dispatch
import Foundation
import Glibc
import StoreKitLite
import StreamCore
import Synchronization
import Testing

/// The dispose promise (Decision 0015's addendum, issue 33) with the delivering thread stopped
/// at a random instruction, so that the check-then-call window opens whatever the machine's
/// load: a sender thread sends nonstop; at a random moment the test parks the delivering thread
/// with a signal (``SignalParking``), a third thread disposes, records that `dispose()` returned
/// (a sequence fence), and only then is the delivering thread released. Per round:
/// - no event whose send began after `dispose()` returned reaches the handler,
/// - the handler is entered at most once after `dispose()` returned (the one delivery the park
///   caught past its last check), and
/// - deliveries never overlap.
///
/// The delivering thread is the sender, except for `receive(on:)`, whose hop delivers on a
/// thread of its own (``HopThread``), which is the one parked. `store.cancel(id:)` is checked
/// the same way, with a middleware counting the actions of the cancelled effect. If the parked
/// thread holds a lock `dispose()` needs, `dispose()` cannot return while it is parked: the round
/// counts as "disposer blocked", the thread is released, and the round's checks still apply.
///
/// Not run under ThreadSanitizer: its runtime defers an asynchronous signal to the thread's next
/// intercepted call, so a park cannot land at a random instruction (and a thread that makes no
/// such call parks late or never, which would only cost time). `DisposeUnderPreemptionTests`
/// checks the same promise under TSan.
@Suite(
    .serialized,
    .disabled(if: SignalParking.underThreadSanitizer, "TSan defers asynchronous signals: no park at a random instruction")
)
struct DisposeWhileParkedTests {
    typealias Round = DisposeUnderPreemptionTests.Round

    /// One round's observation: how to dispose it, how to send into it, what to keep alive, and
    /// the thread it delivers on when that is not the sender.
    struct Setup: Sendable {
        let dispose: @Sendable () -> Void
        let send: @Sendable (Int) -> Void
        let keep: any Sendable
        var hop: HopThread?
    }

    struct Family: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable (Round) -> Setup
        var testDescription: String { name }
    }

    /// The preemption test's families (the same observations), with `receive(on:)` hopping to a
    /// thread of its own, and `store.cancel(id:)`.
    static let families: [Family] =
        DisposeUnderPreemptionTests.families.filter { $0.name != "receive(on:)" }.map { family in
            Family(name: family.name) { round in
                let (observation, send, keep) = family.make(round)
                return Setup(dispose: { observation.dispose() }, send: send, keep: keep)
            }
        } + [
            Family(name: "receive(on:)") { round in
                let subject = PassthroughSubject<Int, Never>()
                let hop = HopThread()
                let observation = subject.receive(on: hop.context).observeNext { round.handle($0) }
                return Setup(dispose: { observation.dispose() }, send: { subject.send($0) }, keep: subject, hop: hop)
            },
            Family(name: "store.cancel(id:)") { round in
                let counting = Middleware<Int, Int> { action, _ in
                    round.handle(action)
                    return action
                }
                let store = Store(
                    initialState: -1, reducer: Reducer<Int, Int>(mutating: { state, action in state = action }),
                    middleware: [counting]
                )
                let effect = PassthroughSubject<Int, Never>()
                store.run(effect.toSignal(), id: "parked")
                return Setup(dispose: { store.cancel(id: "parked") }, send: { effect.send($0) }, keep: (store, effect))
            },
        ]

    static let underThreadSanitizer = SignalParking.underThreadSanitizer

    /// Rounds per family: bounded for CI (a debug build runs all families in about 10 s here);
    /// `RT_PARK_ROUNDS` raises it for a soak.
    static let rounds =
        ProcessInfo.processInfo.environment["RT_PARK_ROUNDS"].flatMap(Int.init) ?? 60

    /// How long `dispose()` gets to return while the thread is parked before the round counts
    /// as "disposer blocked" (a too-short guess only moves a round from "window" to "blocked").
    static let blockedAfter: DispatchTimeInterval = .milliseconds(underThreadSanitizer ? 200 : 25)

    /// A totals line per family, for the soak's figures.
    struct Totals {
        var parked = 0
        var late = 0
        var blocked = 0
        var notParked = 0
    }

    @Test(arguments: families)
    func parkedDeliveryEntersAtMostOnceAndNothingSentLaterArrives(_ family: Family) throws {
        let old = try #require(SignalParking.install(), "sigaction(SIGUSR1) failed")
        defer { SignalParking.restore(old) }
        var totals = Totals()
        for _ in 0..<Self.rounds {
            try runRound(family, &totals)
        }
        print(
            "DisposeWhileParkedTests \(family.name): \(Self.rounds) rounds, \(totals.parked) parked, "
                + "\(totals.late) with the handler entered after dispose() returned, "
                + "\(totals.blocked) with the disposer blocked by the parked thread, \(totals.notParked) not parked"
        )
    }

    private func runRound(_ family: Family, _ totals: inout Totals) throws {
        let round = Round()
        let setup = family.make(round)
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let senderThread = Atomic<pthread_t>(0)
        Thread.detachNewThread {
            SignalParking.acceptOnThisThread()
            senderThread.store(pthread_self(), ordering: .releasing)
            started.signal()
            while !round.stop.load(ordering: .relaxed) {
                setup.send(round.sequence.add(1, ordering: .relaxed).newValue)
            }
            finished.signal()
        }
        // The disposer exists before the park, so that creating a thread never waits on
        // whatever the parked thread holds.
        let go = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let disposer = Thread {
            go.wait()
            setup.dispose()
            // Every send that takes a number from here on began after dispose() returned.
            round.fence.store(round.sequence.load(ordering: .acquiring) + 1, ordering: .releasing)
            round.disposeReturned.store(true, ordering: .releasing)
            disposed.signal()
        }
        disposer.start()
        started.wait()
        let target = setup.hop?.thread ?? senderThread.load(ordering: .acquiring)

        // A random moment: after a random number of sends, the delivering thread is stopped
        // wherever it is.
        let warmUp = Int.random(in: 100...1_100)
        while round.sequence.load(ordering: .relaxed) < warmUp { sched_yield() }
        let parked = SignalParking.park(target, within: 5)
        go.signal()
        if parked {
            totals.parked += 1
            if disposed.wait(timeout: .now() + Self.blockedAfter) == .success {
                SignalParking.release()
            } else {
                totals.blocked += 1
                SignalParking.release()
                #expect(disposed.wait(timeout: .now() + 30) == .success, "\(family.name): dispose() did not return")
            }
        } else {
            // The signal may still be pending: this release lets that park pass straight through.
            totals.notParked += 1
            SignalParking.release()
            #expect(disposed.wait(timeout: .now() + 30) == .success, "\(family.name): dispose() did not return")
        }
        // Keep sending for a while after dispose() returned.
        let after = round.sequence.load(ordering: .relaxed)
        while round.sequence.load(ordering: .relaxed) < after + 300 { sched_yield() }
        round.stop.store(true, ordering: .relaxed)
        #expect(finished.wait(timeout: .now() + 30) == .success, "\(family.name): the sender did not stop")
        if let hop = setup.hop {
            #expect(hop.flush(), "\(family.name): the hop thread did not drain")
            #expect(hop.stop(), "\(family.name): the hop thread did not end")
        }
        SignalParking.drain()
        withExtendedLifetime(setup.keep) {}

        let entries = round.lateEntries.load(ordering: .relaxed)
        #expect(entries <= 1, "\(family.name): the handler was entered \(entries) times after dispose() returned")
        #expect(
            round.lateSentDelivered.load(ordering: .relaxed) == 0,
            "\(family.name): an event sent after dispose() returned was delivered"
        )
        #expect(round.overlapping.load(ordering: .relaxed) == 0, "\(family.name): deliveries overlapped")
        totals.late += entries
    }
}
#endif
