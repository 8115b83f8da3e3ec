import Dispatch
import Foundation
import StoreKitLite
import Testing
import TestSupport

private enum SeatAction: Sendable, Equatable {
    /// Blocks in the reducer until the test opens the gate.
    case slow
    case book(Int)
}

/// Runs `rescue` on a thread of its own if `answered` is not signalled within 30 s: a sender that
/// waits past its deadline (the failure these tests catch) then fails the test instead of hanging.
private func watchdog(unless answered: DispatchSemaphore, rescue: @escaping @Sendable () -> Void) {
    Thread {
        if answered.wait(timeout: .now() + 30) == .timedOut { rescue() }
    }.start()
}

@Suite struct StoreSendDeadlineTests {
    /// A store whose `.slow` action holds the dispatch role (on a thread of its own) until opened,
    /// and which records the seats its reducer booked.
    private final class Fixture: Sendable {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let booked = Box<[Int]>([])
        let store: Store<Int, SeatAction>

        init(middleware: [Middleware<Int, SeatAction>] = []) {
            let (entered, release, booked) = (entered, release, booked)
            store = Store(
                initialState: 0,
                reducer: Reducer(mutating: { count, action in
                    switch action {
                    case .slow:
                        entered.signal()
                        release.wait()
                    case .book(let seat):
                        booked.mutate { $0.append(seat) }
                        count += 1
                    }
                }), middleware: middleware)
        }

        func hold() async {
            Thread { [store] in store.dispatch(.slow) }.start()
            #expect(await wait(for: entered))
        }

        /// Releases the held store after 30 s unless the returned semaphore is signalled first;
        /// the box says whether the watchdog had to (read it after signalling).
        func releaseByWatchdog() -> (answered: DispatchSemaphore, rescued: Box<Bool>) {
            let answered = DispatchSemaphore(value: 0)
            let rescued = Box(false)
            watchdog(unless: answered) { [release] in
                rescued.value = true
                release.signal()
            }
            return (answered, rescued)
        }
    }

    @Test func anActionTheStoreRunsAtOnceReturnsItsState() async throws {
        let fixture = Fixture()
        #expect(try await fixture.store.send(.book(1), timeout: .seconds(30)) == 1)
        #expect(try await fixture.store.send(.book(2), timeout: .zero) == 2)
    }

    @Test func aQueuedActionPastItsDeadlineIsNotRunAndSaysSo() async throws {
        let fixture = Fixture()
        await fixture.hold()
        let (answered, rescued) = fixture.releaseByWatchdog()
        await #expect(throws: StoreError.deadlineExceeded(mayHaveRun: false)) {
            try await fixture.store.send(.book(7), timeout: .milliseconds(100))
        }
        answered.signal()
        // Answered while the store was still held, not when it became free.
        #expect(!rescued.value)
        if !rescued.value { fixture.release.signal() }
        #expect(try await fixture.store.send(.book(8)) == 1)
        #expect(fixture.booked.value == [8])  // 7 never ran
    }

    @Test func anActionBegunBeforeItsDeadlineMayStillCompleteAfterIt() async throws {
        // A middleware that holds `.book` back (as a journal waits for its database) until the
        // test releases it.
        let held = Box<HeldAction<Int, SeatAction>?>(nil)
        let arrived = DispatchSemaphore(value: 0)
        let holding = Middleware<Int, SeatAction>(holding: { action, _, holder in
            guard case .book = action else { return action }
            held.value = holder.hold(action)
            arrived.signal()
            return nil
        })
        let fixture = Fixture(middleware: [holding])
        let sender = Task { () throws(StoreError) -> Int in try await fixture.store.send(.book(3), timeout: .milliseconds(100)) }
        #expect(await wait(for: arrived))
        let answered = DispatchSemaphore(value: 0)
        watchdog(unless: answered) { held.value?.resume() }
        await #expect(throws: StoreError.deadlineExceeded(mayHaveRun: true)) { try await sender.value }
        answered.signal()
        #expect(fixture.booked.value == [])
        held.value?.resume()  // the database answers after the deadline: it commits
        #expect(fixture.booked.value == [3])
        #expect(fixture.store.state == 1)
    }

    @Test func aHandlerMatchesTheDeadlineCase() async {
        let fixture = Fixture()
        await fixture.hold()
        let (answered, rescued) = fixture.releaseByWatchdog()
        defer {
            answered.signal()
            if !rescued.value { fixture.release.signal() }
        }
        let answer: String
        do {
            try await fixture.store.send(.book(1), timeout: .milliseconds(50))
            answer = "booked"
        } catch .deadlineExceeded(let mayHaveRun) {
            answer = mayHaveRun ? "unknown" : "not booked"
        } catch {
            answer = error.description
        }
        #expect(answer == "not booked")
    }
}
