import TestSupport
import StreamCore
import Testing

private final class Owner: DisposeBagProvider, Sendable {
    let bag = DisposeBag()
}

@Suite struct DeallocatableTests {
    @Test func bagDeallocatedCompletesWhenTheBagGoes() {
        var bag: DisposeBag? = DisposeBag()
        let weakBag = WeakRef(bag!)
        let signal = bag!.deallocated
        let recorder = Recorder<Void, Never>()
        _ = signal.observe(with: recorder.observer)
        #expect(recorder.events.isEmpty)
        bag = nil  // the signal and the observation do not keep it alive
        #expect(weakBag.object == nil)
        #expect(recorder.events.count == 1 && recorder.isTerminated)
    }

    @Test func lateObserversGetTheCompletionAtOnce() {
        var bag: DisposeBag? = DisposeBag()
        let signal = bag!.deallocated
        bag = nil
        let recorder = Recorder<Void, Never>()
        _ = signal.observe(with: recorder.observer)
        #expect(recorder.events.count == 1 && recorder.isTerminated)
    }

    @Test func bagContentsAreDisposedAndTheBagStaysUsableBeforeDeallocation() {
        let bag = DisposeBag()
        let recorder = Recorder<Void, Never>()
        bag.deallocated.observe(with: recorder.observer).dispose(in: bag)
        bag.dispose()  // disposes the observation, not the signal
        #expect(recorder.events.isEmpty)
        let second = Recorder<Void, Never>()
        _ = bag.deallocated.observe(with: second.observer)
        #expect(second.events.isEmpty)
    }

    @Test func disposeBagProviderUsesItsBag() {
        var owner: Owner? = Owner()
        let weakOwner = WeakRef(owner!)
        let recorder = Recorder<Void, Never>()
        _ = owner!.deallocated.observe(with: recorder.observer)
        owner = nil
        #expect(weakOwner.object == nil)
        #expect(recorder.isTerminated)
    }

    @Test func deallocatedIsThreadSafeUnderEightThreads() {
        for _ in 0..<200 {
            let completions = AtomicCounter()
            do {
                let bag = DisposeBag()
                runConcurrently { index in
                    // Lazily creating the subject, observing it and filling the bag all race.
                    let observation = bag.deallocated.observe { event in
                        if event.isTerminal { completions.increment() }
                    }
                    if index.isMultiple(of: 2) { bag.add(observation) } else { bag += BlockDisposable {} }
                }
            }
            // The bag is gone: its contents (the even threads' observations) were disposed
            // first, then the odd threads' observations completed.
            #expect(completions.value == 4)
        }
    }

    @Test func observingWhileTheBagIsReleasedOnAnotherThread() {
        for _ in 0..<200 {
            let holder = Box<DisposeBag?>(DisposeBag())
            let signal = holder.value!.deallocated
            let completions = AtomicCounter()
            runConcurrently { index in
                if index == 0 {
                    holder.mutate { $0 = nil }
                } else {
                    _ = signal.observe { event in
                        if event.isTerminal { completions.increment() }
                    }
                }
            }
            // Each observer completes exactly once: at the release, or at once if it came later.
            #expect(completions.value == 7)
        }
    }
}
