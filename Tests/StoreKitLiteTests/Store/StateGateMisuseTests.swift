import Dispatch
import Foundation
@testable import StoreKitLite
import Testing

#if DEBUG
/// Debug builds trap on a misused state gate and name it, like the stream module's locks: a
/// second write by the thread already writing (which would deadlock), an end of a write nobody
/// began, and an end by another thread. Each case runs in a child process (an exit test); the last
/// test shows that correct use does not trap.
@Suite struct StateGateMisuseTests {
    @Test func aSecondWriteByTheWriterTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let gate = StateGate()
            gate.beginWrite()
            gate.beginWrite()
        }
        #expect(result?.standardErrorText.contains("StateGate was write-locked again by the thread that holds it") == true)
    }

    @Test func anEndOfAWriteNobodyBeganTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            StateGate().endWrite()
        }
        #expect(result?.standardErrorText.contains("StateGate was write-unlocked while nobody held it") == true)
    }

    @Test func anEndByAnotherThreadTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let gate = StateGate()
            gate.beginWrite()
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                gate.endWrite()
                done.signal()
            }
            done.wait()
        }
        #expect(result?.standardErrorText.contains("StateGate was write-unlocked by a thread that does not hold it") == true)
    }

    @Test func correctUseDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let gate = StateGate()
            gate.beginWrite()
            #expect(gate.read { 1 } == 1)  // the writer's own thread reads without waiting
            gate.endWrite()
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                gate.beginWrite()
                gate.endWrite()
                done.signal()
            }
            done.wait()
            #expect(gate.read { 2 } == 2)
        }
    }
}

extension ExitTest.Result {
    /// The child process's standard error, as text.
    fileprivate var standardErrorText: String { String(decoding: standardErrorContent, as: UTF8.self) }
}

#endif
