import TestSupport
import StreamCore
import Testing

/// Operators must not keep a cycle after their observation has ended by itself: a finished
/// observation whose handle is dropped (`_ = signal.observe { … }`) must free everything.
@Suite struct TerminationCycleLeakTests {
    /// A signal that completes at once, recording (weakly) the observation its subscription
    /// returns: the object an operator keeps as its upstream disposable.
    private func probed(
        _ probe: Box<WeakRef<AnyObject>?>,
        _ events: [Signal<Int, TestError>.Event]
    ) -> Signal<Int, TestError> {
        let source = Signal<Int, TestError> { observer in
            events.forEach { observer.on($0) }
            return NonDisposable.instance
        }
        return Signal.trusted({ observer in
            let observation = source.subscribe(observer)
            probe.value = WeakRef(observation as AnyObject)
            return observation
        })
    }

    @Test(arguments: [false, true])
    func flatMapErrorFreesItsObservationsWhenItEnds(recovers: Bool) {
        let upstreamProbe = Box<WeakRef<AnyObject>?>(nil)
        let recoveryProbe = Box<WeakRef<AnyObject>?>(nil)
        let recorder = Recorder<Int, TestError>()
        let upstreamEvents: [Signal<Int, TestError>.Event] = recovers ? [.next(1), .failed(.boom)] : [.next(1), .completed]
        _ = probed(upstreamProbe, upstreamEvents)
            .flatMapError { _ in self.probed(recoveryProbe, [.next(2), .completed]) }
            .observe(with: recorder.observer)
        #expect(recorder.events == (recovers ? [.next(1), .next(2), .completed] : [.next(1), .completed]))
        #expect(upstreamProbe.value != nil)
        #expect(upstreamProbe.value?.object == nil, "the upstream observation outlived the finished flatMapError")
        if recovers {
            #expect(recoveryProbe.value != nil)
            #expect(recoveryProbe.value?.object == nil, "the recovery observation outlived the finished flatMapError")
        }
    }
}
