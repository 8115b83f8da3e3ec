import TestSupport
import FeedbackLoop
import Foundation
import StreamCore
import Testing

/// Spin's `Feedback` initializers and `Gear` spellings.
@Suite struct SpinSpellingTests {
    private func states<Event: Sendable>(
        _ feedbacks: [Feedback<Int, Event>],
        reduce: @escaping @Sendable (Int, Event) -> Int,
        then act: () -> Void = {}
    ) -> [Int] {
        let states = Box<[Int]>([])
        let observation = Signal<Int, Never>.system(initial: 0, reduce: reduce, feedbacks: feedbacks)
            .observeNext { state in states.mutate { $0.append(state) } }
        act()
        observation.dispose()
        return states.value
    }

    @Test func directEffectAnswersEveryStateSynchronously() {
        let count = Feedback<Int, Int>(directEffect: { _ in 1 })
        let recorder = Recorder<Int, Never>()
        _ = Signal<Int, Never>.system(initial: 0, reduce: +, feedbacks: [count])
            .take(first: 4)
            .observe(with: recorder.observer)
        #expect(recorder.events == [.next(0), .next(1), .next(2), .next(3), .completed])
    }

    @Test func effectsArrayMergesEachFunctionOfTheStateSignal() {
        let input = PassthroughSubject<Int, Never>()
        let both = Feedback<Int, Int>(effects: [
            { states in states.filter { $0 == 0 }.map { _ in 1 } },
            { _ in input.toSignal() },
        ])
        #expect(states([both], reduce: +, then: { input.send(10) }) == [0, 1, 11])
    }

    @Test func lensingOnFilteredByRunsOnlyForPartsThatPass() {
        let started = Box<[Int]>([])
        let feedback = Feedback<Int, Int>(
            effect: { (part: Int) in
                started.mutate { $0.append(part) }
                return part < 4 ? Signal(just: 1) : .completed()
            },
            lensingOn: \Int.self,
            filteredBy: { $0.isMultiple(of: 2) || $0 == 1 }
        )
        _ = states([feedback], reduce: +)
        #expect(started.value == [0, 1, 2])  // 3 fails the filter: the loop stops there
    }

    @Test func gearPropagateEventAndCompleteDetachTheListeners() {
        let gear = Gear<String>()
        let listener = Feedback<Int, Int>(attachedTo: gear, propagating: { (word: String) in word.count })
        let input = PassthroughSubject<Int, Never>()
        let recorded = states([listener, Feedback(events: input)], reduce: +) {
            gear.propagate(event: "abc")
            #expect(gear.attachmentCount == 1)
            gear.complete()
            #expect(gear.attachmentCount == 0)
            gear.propagate(event: "ignored")
            input.send(100)  // the loop keeps running without the gear
        }
        #expect(recorded == [0, 3, 103])
    }
}
