import TestSupport
import StreamCore
import Testing

@Suite struct DisposableTests {
    @Test func blockDisposableRunsOnceEvenUnderConcurrentDisposal() {
        let runs = Box(0)
        let disposable = countingDisposable(runs)
        #expect(!disposable.isDisposed)
        runConcurrently { _ in disposable.dispose() }
        #expect(runs.value == 1)
        #expect(disposable.isDisposed)
    }

    @Test func blockDisposableReleasesItsClosure() {
        var tracked: Tracked? = Tracked()
        let weak = WeakRef(tracked!)
        let disposable = BlockDisposable { [tracked] in _ = tracked }
        tracked = nil
        #expect(weak.object != nil)
        disposable.dispose()
        #expect(weak.object == nil)
    }

    @Test func compositeDisposesAllAndLateAdditionsAtOnce() {
        let runs = Box(0)
        let composite = CompositeDisposable([countingDisposable(runs)])
        composite += countingDisposable(runs)
        composite.dispose()
        #expect(runs.value == 2)
        composite.add(countingDisposable(runs))
        #expect(runs.value == 3)
        composite.dispose()
        #expect(runs.value == 3)
        #expect(composite.isDisposed)
    }

    @Test func serialDisposableDisposesReplacedAndLateValues() {
        let first = Box(0)
        let second = Box(0)
        let third = Box(0)
        let serial = SerialDisposable(otherDisposable: countingDisposable(first))
        serial.otherDisposable = countingDisposable(second)
        #expect(first.value == 1)
        serial.dispose()
        #expect(second.value == 1)
        serial.otherDisposable = countingDisposable(third)
        #expect(third.value == 1)
        #expect(serial.isDisposed)
        #expect(serial.otherDisposable == nil)
    }

    @Test func disposeBagDisposesOnDisposeAndStaysUsable() {
        let runs = Box(0)
        let bag = DisposeBag()
        countingDisposable(runs).dispose(in: bag)
        bag += countingDisposable(runs)
        #expect(!bag.isDisposed)
        bag.dispose()
        #expect(runs.value == 2)
        #expect(bag.isDisposed)
        countingDisposable(runs).dispose(in: bag)
        bag.dispose()
        #expect(runs.value == 3)
    }

    @Test func disposeBagDisposesOnDeinit() {
        let runs = Box(0)
        var bag: DisposeBag? = DisposeBag()
        bag!.add(disposables: [countingDisposable(runs), countingDisposable(runs)])
        bag = nil
        #expect(runs.value == 2)
    }

    @Test func disposeBagEndsObservations() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        var bag: DisposeBag? = DisposeBag()
        subject.observe(with: recorder.observer).dispose(in: bag!)
        subject.send(1)
        bag = nil
        subject.send(2)
        #expect(recorder.elements == [1])
    }

    @Test func nonDisposableDoesNothing() {
        let disposable = NonDisposable.instance
        disposable.dispose()
        #expect(!disposable.isDisposed)
    }
}
