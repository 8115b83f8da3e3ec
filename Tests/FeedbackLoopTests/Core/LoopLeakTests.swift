import FeedbackLoop
import StreamCore
import Testing
import TestSupport

/// Every loop, feedback, effect, gear and host releases what it captured once disposed, and
/// leaves no counted resource (loops, observations, subject observers) behind.
@Suite struct LoopLeakTests {
    @Test func aDisposedSystemLeavesNothingBehind() {
        weak var weakSentinel: Sentinel?
        expectNoLeaks {
            let sentinel = Sentinel()
            weakSentinel = sentinel
            let input = PassthroughSubject<CounterEvent, Never>()
            let system = Signal<Int, Never>.system(
                initial: 0,
                reduce: { count, _ in count + 1 },
                feedbacks: [
                    Feedback(events: input),
                    Feedback(effect: { (_: Int) in
                        _ = sentinel; return Signal<CounterEvent, Never>.never()
                    }),
                    Feedback(skippingRepeated: { $0 % 2 == 0 ? $0 : nil }) { (_: Int) in
                        _ = sentinel
                        return Signal<CounterEvent, Never>.never()
                    },
                ]
            )
            let disposable = system.observeNext { _ in _ = sentinel }
            input.send(.increment)
            input.send(.increment)
            #expect(!Resources.isCounting || Resources.liveCount(of: .loops) >= 1)
            disposable.dispose()
        }
        #expect(weakSentinel == nil)
    }

    @Test func aSystemEndedByItsObserverLeavesNothingBehind() {
        expectNoLeaks {
            let system = Signal<Int, Never>.system(
                initial: 0,
                reduce: { count, _ in count + 1 },
                feedbacks: [Feedback(reacting: { _ in CounterEvent.increment })],
                diagnostics: .disabled
            )
            system.take(first: 10).observeNext { _ in }.dispose()
        }
    }

    @Test func aSpinStartedAndStoppedLeavesNothingBehind() {
        expectNoLeaks {
            let spin = Spin(initialState: 0) {
                Feedback(reacting: { $0 < 5 ? CounterEvent.increment : nil })
                Reducer { count, _ in count + 1 }
            }
            Signal<Int, Never>.start(spin: spin).dispose()
        }
    }

    @Test func aGearOutlivesTheLoopsAttachedToIt() {
        let gear = Gear<CounterEvent>()
        expectNoLeaks {
            let system = Signal<Int, Never>.system(
                initial: 0,
                reduce: { count, _ in count + 1 },
                feedbacks: [Feedback(attachedTo: gear, propagating: { (event: CounterEvent) in event })]
            )
            let disposable = system.observeNext { _ in }
            gear.propagate(.increment)
            disposable.dispose()
        }
        #expect(gear.attachmentCount == 0)
    }
}
