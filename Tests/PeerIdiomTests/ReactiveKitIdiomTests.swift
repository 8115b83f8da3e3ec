import StreamCore
import StreamCoreTesting
import TestSupport
import Testing

/// ReactiveKit users' most common one-liners, written as they write them: no explicit generic
/// arguments where ReactiveKit infers them. `Scripts/check-type-checking.sh` builds this target
/// with a budget per expression, so a line here that the type checker solves slowly (or not at
/// all) fails CI.
@Suite struct ReactiveKitIdiomTests {
    struct Failure: Error, Equatable {}

    @Test func flatMapLatestToSignalJust() {
        let signal = Signal<Int, Never>(sequence: [1, 2, 3])
        let latest = signal.flatMapLatest { Signal(just: $0) }
        let merged = signal.flatMapMerge { Signal(just: $0 * 10) }
        let concatenated = signal.flatMapConcat { Signal(just: $0 + 1) }
        #expect(latest.waitAndCollectElements() == [1, 2, 3])
        #expect(merged.waitAndCollectElements() == [10, 20, 30])
        #expect(concatenated.waitAndCollectElements() == [2, 3, 4])
    }

    @Test func flatMapLatestOfAFailableSignalToSignalJust() {
        let signal = Signal<Int, Failure>(sequence: [1, 2])
        let latest = signal.flatMapLatest { Signal(just: $0) }
        let safeInner = signal.flatMapLatest { SafeSignal(just: $0 * 2) }
        #expect(latest.waitAndCollectElements() == [1, 2])
        #expect(safeInner.waitAndCollectElements() == [2, 4])
    }

    @Test func mapChains() {
        let signal = Signal<Int, Never>(sequence: [1, 2, 3, 4])
        let chained = signal.map { $0 * 2 }.filter { $0 > 2 }.map { $0 + 1 }.map { "\($0)" }
        #expect(chained.waitAndCollectElements() == ["5", "7", "9"])
    }

    @Test func combineLatestOfTwoMappedToTheirSum() {
        let a = Property(1)
        let b = Property(10)
        let sums = combineLatest(a, b).map { $0 + $1 }
        let recorded = Box<[Int]>([])
        let observation = sums.observeNext { sum in recorded.mutate { $0.append(sum) } }
        a.value = 2
        #expect(recorded.value == [11, 12])
        observation.dispose()
    }

    @Test func signalFromASequence() {
        let signal = Signal(sequence: [1, 2, 3])
        let safe = SafeSignal(sequence: 0..<3)
        let failable = Signal<Int, Failure>(sequence: [4])
        let one = Signal(just: 1)
        let typed: Signal<Int, Never> = one
        #expect(signal.waitAndCollectElements() == [1, 2, 3])
        #expect(failable.waitAndCollectElements() == [4])
        #expect(typed.waitAndCollectElements() == [1])
        #expect(safe.waitAndCollectElements() == [0, 1, 2])
    }
}

/// ReactiveKit's `subscribe(_:)` of its test accumulator and of a Combine-shaped subscriber.
@Suite struct ReactiveKitSubscribeIdiomTests {
    final class Collector: Subscriber, Sendable {
        let values = Box<[Int]>([])
        func receive(subscription: any Subscription) { subscription.request(.unlimited) }
        func receive(_ input: Int) -> Subscribers.Demand {
            values.mutate { $0.append(input) }
            return .none
        }
        func receive(completion: Subscribers.Completion<Never>) {}
    }

    @Test func subscribeAnAccumulatorAndASubscriber() {
        let subscriber = Subscribers.Accumulator<Int, Never>()
        let collector = Collector()
        let signal = SafeSignal(sequence: [1, 2, 3])
        signal.subscribe(subscriber)
        signal.subscribe(collector)
        #expect(subscriber.values == [1, 2, 3])
        #expect(collector.values.value == [1, 2, 3])
    }
}
