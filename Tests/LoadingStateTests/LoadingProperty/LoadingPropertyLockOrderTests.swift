import TestSupport
import Foundation
import LoadingState
import StreamCore
import Testing

/// No user closure runs under a `LoadingProperty` lock: an observer may reload, read, observe and
/// dispose the same property from another thread while the delivery waits, and re-entrantly.
@Suite struct LoadingPropertyLockOrderTests {
    private func finishesOnAnotherThread(_ work: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            work()
            done.signal()
        }
        return done.wait(timeout: .now() + 60) == .success
    }

    @Test(arguments: [false, true])
    func observerUsesThePropertyFromInsideADelivery(_ fromAnotherThread: Bool) {
        let finished = finishesOnAnotherThread {
            let loads = Box(0)
            let property = LoadingProperty<Int, TestError> {
                let load = loads.mutate {
                    $0 += 1; return $0
                }
                return .loaded(load)
            }
            let other = property.observe { _ in }
            let outcomes = Box<[Bool]>([])
            let seen = Box<[Int]>([])
            let observation = property.observe { event in
                guard case .next(.loaded(let value)) = event else { return }
                seen.mutate { $0.append(value) }
                guard value == 1 else { return }
                let work: @Sendable () -> Void = {
                    _ = property.value
                    _ = property.isLoading
                    _ = property.reload()
                    let extra = property.observedStates.observe { _ in }
                    extra.dispose()
                    other.dispose()
                }
                if fromAnotherThread {
                    outcomes.mutate { $0.append(self.finishesOnAnotherThread(work)) }
                } else {
                    work()
                    outcomes.mutate { $0.append(true) }
                }
            }
            #expect(outcomes.value == [true])
            #expect(seen.value.first == 1)
            #expect(property.value == 2)
            observation.dispose()
        }
        #expect(finished)
    }
}
