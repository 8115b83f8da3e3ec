import Dispatch
import Foundation
@testable import StreamCore
import TestSupport
import Testing

/// `Signal.observeNext(with:)` (one handler: the dispose guarantee and the element filter) and
/// `refCount()`'s direct read of an observation's lifetime flag. The dispose guarantee for
/// `observeNext` on signals and subjects is pinned by IntegrationTests' DisposeGuaranteeTests.
@Suite struct SignalObserveNextTests {
    @Test func elementsArriveInOrderAndNothingAfterTheTerminalEvent() {
        let received = Box<[Int]>([])
        let subject = PassthroughSubject<Int, TestError>()
        let observation = subject.map { $0 }.observeNext { value in received.mutate { $0.append(value) } }
        subject.send(1)
        subject.send(2)
        subject.send(completion: .failure(.boom))
        subject.send(3)
        #expect(received.value == [1, 2])
        #expect(subject.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test func aDisposalFromInsideTheHandlerStopsTheNextElements() {
        let received = Box<[Int]>([])
        let subject = PassthroughSubject<Int, Never>()
        let observation = Box<(any Disposable)?>(nil)
        observation.value = subject.map { $0 * 10 }.observeNext { value in
            received.mutate { $0.append(value) }
            if value == 20 { observation.value?.dispose() }
        }
        for value in 1...4 { subject.send(value) }
        #expect(received.value == [10, 20])
        #expect(subject.observerCount == 0)
    }

    #if DEBUG
    @Test func anObservationThatTerminatesStopsCounting() {
        let scope = ResourceScope()
        let subject = PassthroughSubject<Int, Never>()
        let observation = scope.bind { subject.map { $0 + 1 }.observeNext { _ in } }
        #expect(scope.liveCount(of: .observations) == 1)
        subject.send(1)
        #expect(scope.liveCount(of: .observations) == 1)
        subject.send(completion: .finished)
        #expect(scope.liveCount(of: .observations) == 0)
        withExtendedLifetime(observation) {}
    }
    #endif

    @Test func anObservationDisposedWhileASynchronousSourceRunsReleasesItsShareAtOnce() {
        // The observation's own lifetime (not an operator's) disposed from inside its handler
        // while `share()` connects to a synchronous source: the share is released at once and
        // the source stops (refCount reads the lifetime's flag directly on this path).
        let produced = AtomicCounter()
        let shared = Signal<Int, Never>.sequence(1...100_000)
            .map { element in
                produced.increment()
                return element
            }
            .share()
        let handle = ObservationHandle()
        let received = Box<[Int]>([])
        let observer = Observer<Int, Never>(lifetime: handle.lifetime) { event in
            guard case .next(let value) = event else { return }
            received.mutate { $0.append(value) }
            if value == 3 { handle.dispose() }
        }
        handle.attach(shared.subscription(observer))
        #expect(received.value.prefix(5) == [1, 2, 3])
        #expect(produced.value == 3)
    }

    /// `Signal.sequence` polls an observation's disposed flag directly (one atomic load per
    /// element): a disposal from the handler stops the loop at once, with no completion after it.
    @Test func aSequenceStopsOnceItsObservationIsDisposed() {
        let handle = ObservationHandle()
        let recorder = Recorder<Int, Never>()
        handle.attach(
            Signal<Int, Never>.sequence(0..<10).map { $0 }.subscription(
                Observer(lifetime: handle.lifetime) { event in
                    recorder.observer(event)
                    if case .next(2) = event { handle.dispose() }
                }))
        #expect(recorder.events == [.next(0), .next(1), .next(2)])
    }
}
