import TestSupport
import Dispatch
import FeedbackLoop
import StreamCore
import Testing

/// Disposal, cancellation and memory of `Signal.system`.
@Suite struct SystemLifetimeTests {
    /// An effect that never ends by itself and records whether it was disposed.
    static func pendingEffect(_ disposals: Box<[Int]>, for state: Int) -> Signal<CounterEvent, Never> {
        Signal { _ in
            BlockDisposable { disposals.mutate { $0.append(state) } }
        }
    }

    @Test func cancelOnNewStateDisposesTheRunningEffect() {
        let input = PassthroughSubject<CounterEvent, Never>()
        let disposals = Box<[Int]>([])
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [
                Feedback(events: input),
                Feedback(effect: { state in Self.pendingEffect(disposals, for: state) }),
            ]
        )
        let disposable = system.observeNext { _ in }
        input.send(.increment)
        input.send(.increment)
        #expect(disposals.value == [0, 1])  // each new state cancelled the previous effect
        disposable.dispose()
        #expect(disposals.value == [0, 1, 2])  // disposing the system cancels the last one
    }

    @Test func continueOnNewStateLetsRunningEffectsGoOnUntilTheSystemIsDisposed() {
        let input = PassthroughSubject<CounterEvent, Never>()
        let disposals = Box<[Int]>([])
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [
                Feedback(events: input),
                Feedback(
                    effect: { state in Self.pendingEffect(disposals, for: state) },
                    applying: .continueOnNewState
                ),
            ]
        )
        let disposable = system.observeNext { _ in }
        input.send(.increment)
        input.send(.increment)
        #expect(disposals.value.isEmpty)
        disposable.dispose()
        #expect(disposals.value.sorted() == [0, 1, 2])
    }

    @Test func anEndlessSynchronousLoopStopsWhenItsObserverGoes() {
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [Feedback(reacting: { _ in CounterEvent.increment })],
            diagnostics: .disabled
        )
        let received = Box<[Int]>([])
        let completed = Box(false)
        // `take(first:)` disposes the loop from inside its fourth state: the loop stops there.
        system.take(first: 4).observe { event in
            switch event {
            case .next(let state): received.mutate { $0.append(state) }
            case .completed: completed.value = true
            }
        }.dispose()
        #expect(received.value == [0, 1, 2, 3])
        #expect(completed.value)
    }

    @Test func theLoopAndWhatItCapturesAreDeallocatedAfterDispose() {
        final class Service: Sendable {}
        weak var weakService: Service?
        let input = PassthroughSubject<CounterEvent, Never>()
        do {
            let service = Service()
            weakService = service
            let system = Signal<Int, Never>.system(
                initial: 0,
                reduce: { count, _ in count + 1 },
                feedbacks: [
                    Feedback(events: input),
                    Feedback(effect: { (state: Int) -> Signal<CounterEvent, Never> in
                        _ = service
                        return Signal { _ in NonDisposable.instance }
                    }),
                ]
            )
            let disposable = system.observeNext { _ in _ = service }
            input.send(.increment)
            disposable.dispose()
        }
        #expect(weakService == nil)
        #expect(input.observerCount == 0)
    }

    @Test func eachObservationRunsItsOwnLoop() {
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { count, _ in count + 1 },
            feedbacks: [Feedback(reacting: { $0 < 3 ? CounterEvent.increment : nil })]
        )
        let first = Box<[Int]>([])
        let second = Box<[Int]>([])
        system.observeNext { state in first.mutate { $0.append(state) } }.dispose()
        system.observeNext { state in second.mutate { $0.append(state) } }.dispose()
        #expect(first.value == [0, 1, 2, 3])
        #expect(second.value == [0, 1, 2, 3])
    }
}
