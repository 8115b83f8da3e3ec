import TestSupport
import Foundation
import StreamCore
import Testing

/// No user closure runs while a toolkit lock is held: from inside a callback, another thread
/// must be able to use the very same object. If a lock were held during the callback, the other
/// thread would block on it and the bounded wait below would fail (instead of hanging CI).
@Suite struct LockOrderTests {
    /// Each test runs on a fresh instance: what a test observes is disposed when it ends.
    private let bag = DisposeBag()

    /// Runs `work` on another thread and reports whether it finished within the timeout.
    private func finishesOnAnotherThread(_ work: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            work()
            done.signal()
        }
        return done.wait(timeout: .now() + 60) == .success
    }

    @Test func subjectObserverCanLetAnotherThreadSendObserveAndDispose() {
        defer { bag.dispose() }  // handlers below capture what they observe: end them with the test
        let subject = PassthroughSubject<Int, Never>()
        let outcomes = Box<[Bool]>([])
        let other = subject.observeNext { _ in }
        bag += subject.observeNext { value in
            guard value == 1 else { return }
            let finished = self.finishesOnAnotherThread {
                subject.send(2)  // queued behind this delivery
                let extra = subject.observeNext { _ in }  // registers without waiting for us
                extra.dispose()
                other.dispose()
            }
            outcomes.mutate { $0.append(finished) }
        }
        subject.send(1)
        #expect(outcomes.value == [true])
    }

    @Test func propertyObserverCanLetAnotherThreadReadAndSet() {
        defer { bag.dispose() }  // a handler below captures the bag: dispose it explicitly
        let property = Property(0)
        let outcomes = Box<[Bool]>([])
        let seen = Box<[Int]>([])
        bag += property.observeNext { value in
            seen.mutate { $0.append(value) }
            guard value == 1 else { return }
            let finished = self.finishesOnAnotherThread {
                _ = property.value
                property.value = 2
                bag += property.observeNext { _ in }
            }
            outcomes.mutate { $0.append(finished) }
        }
        property.value = 1
        #expect(outcomes.value == [true])
        #expect(seen.value == [0, 1, 2])
        #expect(property.value == 2)
    }

    @Test func replaySubjectObserverCanLetAnotherThreadObserve() {
        defer { bag.dispose() }  // a handler below captures the bag: dispose it explicitly
        let subject = ReplaySubject<Int, Never>(bufferSize: 2)
        let outcomes = Box<[Bool]>([])
        let late = Recorder<Int, Never>()
        bag += subject.observeNext { value in
            guard value == 1 else { return }
            let finished = self.finishesOnAnotherThread {
                bag += subject.observe(with: late.observer)  // attach is queued, not blocked
                subject.send(2)
            }
            outcomes.mutate { $0.append(finished) }
        }
        subject.send(1)
        #expect(outcomes.value == [true])
        #expect(late.elements == [1, 2])
    }

    @Test func producerObserverCanLetAnotherThreadSendAndDispose() {
        let sink = Box<Observer<Int, Never>?>(nil)
        let signal = Signal<Int, Never> { observer in
            sink.mutate { $0 = observer }
            return NonDisposable.instance
        }
        let handle = Box<(any Disposable)?>(nil)
        let outcomes = Box<[Bool]>([])
        let recorder = Recorder<Int, Never>()
        handle.mutate {
            $0 = signal.observe { event in
                recorder.observer(event)
                guard event.element == 1 else { return }
                let finished = self.finishesOnAnotherThread {
                    sink.value?.receive(2)
                    handle.value?.dispose()
                    sink.value?.receive(3)
                }
                outcomes.mutate { $0.append(finished) }
            }
        }
        sink.value?.receive(1)
        #expect(outcomes.value == [true])
        #expect(recorder.elements == [1])  // 2 was queued, then the observation was disposed
    }

    @Test func disposableCallbacksCanUseTheirContainerFromAnotherThread() {
        let composite = CompositeDisposable()
        let bag = DisposeBag()
        let serial = SerialDisposable()
        let outcomes = Box<[Bool]>([])
        composite += BlockDisposable {
            outcomes.mutate { $0.append(self.finishesOnAnotherThread { composite.add(NonDisposable.instance) }) }
        }
        bag += BlockDisposable {
            outcomes.mutate { $0.append(self.finishesOnAnotherThread { bag.add(NonDisposable.instance) }) }
        }
        serial.otherDisposable = BlockDisposable {
            outcomes.mutate { $0.append(self.finishesOnAnotherThread { _ = serial.otherDisposable }) }
        }
        composite.dispose()
        bag.dispose()
        serial.dispose()
        #expect(outcomes.value == [true, true, true])
    }
}
