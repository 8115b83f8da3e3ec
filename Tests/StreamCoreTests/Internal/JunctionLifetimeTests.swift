@testable import StreamCore
import TestSupport
import Testing

/// A junction is the lifetime its upstreams poll: it reads as disposed once the downstream
/// observation is disposed, even while the junction itself is not (yet) — a disposal from the
/// handler during a synchronous run, before the observation holds the junction to dispose it.
@Suite struct JunctionLifetimeTests {
    /// A producer that sends 0, 1, 2, … while its observer's lifetime reads as live (at most
    /// 1,000), and records how many it sent.
    private static func polling(_ sent: Box<Int>) -> Signal<Int, Never> {
        Signal.trusted({ observer in
            var next = 0
            while next < 1_000, !observer.isDisposed {
                observer.receive(next)
                next += 1
            }
            sent.value = next
            return NonDisposable.instance
        })
    }

    @Test func anUpstreamStopsOnceTheDownstreamObservationIsDisposed() {
        let sent = Box(0)
        let handle = ObservationHandle()
        let recorder = Recorder<Int, Never>()
        handle.attach(
            combineLatest(Signal<Int, Never>.just(10), Self.polling(sent)).map { $0.0 + $0.1 }.subscription(
                Observer(lifetime: handle.lifetime) { event in
                    recorder.observer(event)
                    if case .next(13) = event { handle.dispose() }
                }))
        #expect(recorder.elements == [10, 11, 12, 13])
        #expect(sent.value == 4)
    }

    @Test func anInnerStopsOnceTheDownstreamObservationIsDisposed() {
        let sent = Box(0)
        let handle = ObservationHandle()
        let recorder = Recorder<Int, Never>()
        handle.attach(
            Signal<Int, Never>.just(0).flatMapLatest { _ in Self.polling(sent) }.subscription(
                Observer(lifetime: handle.lifetime) { event in
                    recorder.observer(event)
                    if case .next(2) = event { handle.dispose() }
                }))
        #expect(recorder.elements == [0, 1, 2])
        #expect(sent.value == 3)
    }
}
