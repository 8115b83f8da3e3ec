import TestSupport
import LoadingState
import StreamCore
import Testing

/// Loading signals and `LoadingProperty` release their closures, the objects those capture and
/// their upstream observations when disposed (or when the property goes away).
@Suite struct LoadingLeakTests {
    private static func keep(_ sentinel: Sentinel) { withExtendedLifetime(sentinel) {} }

    private final class Listener: LoadingStateListener {
        let sentinel: Sentinel
        init(_ sentinel: Sentinel) { self.sentinel = sentinel }
        func setLoadingState<LoadingValue, LoadingError>(_ state: ObservedLoadingState<LoadingValue, LoadingError>) {
            LoadingLeakTests.keep(sentinel)
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let build: @Sendable (LoadingSignal<Int, TestError>, Sentinel) -> any Disposable
    }

    static let cases: [Case] = [
        Case(description: "mapValue/value") { up, s in
            up.mapValue {
                keep(s); return $0
            }.value().observe { _ in keep(s) }
        },
        Case(description: "flatMapValue") { up, s in
            up.flatMapValue { value -> Signal<Int, TestError> in
                keep(s); return Signal.never()
            }.observe { _ in keep(s) }
        },
        Case(description: "liftValue") { up, s in
            up.liftValue {
                $0.map {
                    keep(s); return $0
                }
            }.observe { _ in keep(s) }
        },
        Case(description: "mapLoadingError") { up, s in
            up.mapLoadingError {
                keep(s); return $0
            }.observe { _ in keep(s) }
        },
        Case(description: "dematerializeLoadingState") { up, s in up.dematerializeLoadingState().observe { _ in keep(s) } },
        Case(description: "deriveObservedLoadingState") { up, s in
            up.deriveObservedLoadingState().observe { _ in keep(s) }
        },
        Case(description: "shareReplayValues") { up, s in up.shareReplayValues(limit: 1).observe { _ in keep(s) } },
        Case(description: "consumeLoadingState") { up, s in up.consumeLoadingState(by: Listener(s)).observe { _ in keep(s) } },
    ]

    @Test(arguments: cases)
    func loadingSignalOperatorsReleaseEverythingWhenDisposed(_ leakCase: Case) {
        let subject = PassthroughSubject<Int, TestError>()
        weak var weakSentinel: Sentinel?
        expectNoLeaks {
            let sentinel = Sentinel()
            weakSentinel = sentinel
            let observation = leakCase.build(subject.toLoadingSignal(), sentinel)
            subject.send(1)
            observation.dispose()
        }
        #expect(weakSentinel == nil, "\(leakCase)")
        #expect(subject.observerCount == 0)
    }

    @Test(arguments: cases)
    func loadingSignalOperatorsReleaseEverythingWhenTheLoadFails(_ leakCase: Case) {
        let subject = PassthroughSubject<Int, TestError>()
        weak var weakSentinel: Sentinel?
        expectNoLeaks {
            let sentinel = Sentinel()
            weakSentinel = sentinel
            _ = leakCase.build(subject.toLoadingSignal(), sentinel)
            subject.send(1)
            subject.send(completion: .failure(.boom))
        }
        #expect(weakSentinel == nil, "\(leakCase)")
    }

    @Test func aLoadingPropertyReleasesItsWorkAndObserversWhenReleased() {
        let subject = PassthroughSubject<Int, TestError>()
        weak var weakSentinel: Sentinel?
        weak var weakProperty: LoadingProperty<Int, TestError>?
        expectNoLeaks {
            let sentinel = Sentinel()
            weakSentinel = sentinel
            let property = LoadingProperty<Int, TestError> {
                Self.keep(sentinel)
                return subject.toLoadingSignal()
            }
            weakProperty = property
            _ = property.observe { _ in Self.keep(sentinel) }
            _ = property.observedStates.observe { _ in Self.keep(sentinel) }
            _ = property.reload()
            subject.send(1)
        }
        #expect(weakProperty == nil)
        #expect(weakSentinel == nil)
        #expect(subject.observerCount == 0)
    }

    @Test func aLoadingPropertyReleasesDisposedObserversWhileAlive() {
        let property = LoadingProperty<Int, TestError> { .loaded(1) }
        weak var weakSentinel: Sentinel?
        expectNoLeaks {
            let sentinel = Sentinel()
            weakSentinel = sentinel
            let observations = [
                property.observe { _ in Self.keep(sentinel) },
                property.observedStates.observe { _ in Self.keep(sentinel) },
                property.reload().observe { _ in Self.keep(sentinel) },
            ]
            observations.forEach { $0.dispose() }
        }
        #expect(weakSentinel == nil)
        #expect(property.value == 1)
    }
}
