import TestSupport
import StreamCore
import StreamCoreTesting
import Testing

/// Every operator family releases its closures, the objects they capture and its upstream
/// observations once the observation is disposed, and once the upstream terminates by itself.
///
/// Each case builds `upstream.<operator>` with a closure (or inner signal) that captures a
/// sentinel object; the observer captures it too. After disposal (or termination) the sentinel
/// must be gone and no observation or subject observer created by the case may be left alive.
@Suite struct OperatorLeakTests {
    struct LeakError: Error, Equatable {}
    typealias Source = PassthroughSubject<Int, LeakError>
    typealias Build = @Sendable (_ upstream: Signal<Int, LeakError>, _ other: Signal<Int, LeakError>, _ sentinel: Sentinel, _ scheduler: TestScheduler) -> Signal<Int, LeakError>

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let build: Build

        init(_ description: String, _ build: @escaping Build) {
            self.description = description
            self.build = build
        }
    }

    static func keep(_ sentinel: Sentinel) { withExtendedLifetime(sentinel) {} }

    static let cases: [Case] = [
        Case("map") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }
        },
        Case("filter") { up, _, s, _ in
            up.filter {
                keep(s); return $0 > 0
            }
        },
        Case("compactMap") { up, _, s, _ in
            up.compactMap {
                keep(s); return $0
            }
        },
        Case("scan") { up, _, s, _ in
            up.scan(0) {
                keep(s); return $0 + $1
            }
        },
        Case("reduce") { up, _, s, _ in
            up.reduce(0) {
                keep(s); return $0 + $1
            }
        },
        Case("take(first:)") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.take(first: 5)
        },
        Case("take(last:)") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.take(last: 2)
        },
        Case("skip(first:)") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.skip(first: 1)
        },
        Case("skip(last:)") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.skip(last: 1)
        },
        Case("take(while:)") { up, _, s, _ in
            up.take(while: {
                keep(s); return $0 < 100
            })
        },
        Case("skip(while:)") { up, _, s, _ in
            up.skip(while: {
                keep(s); return $0 < 1
            })
        },
        Case("take(until:)") { up, other, s, _ in
            up.map {
                keep(s); return $0
            }.take(until: other)
        },
        Case("skip(until:)") { up, other, s, _ in
            up.map {
                keep(s); return $0
            }.skip(until: other)
        },
        Case("distinctUntilChanged(by:)") { up, _, s, _ in
            up.distinctUntilChanged {
                keep(s); return $0 == $1
            }
        },
        Case("pairwise") { up, _, s, _ in
            up.pairwise().map {
                keep(s); return $0 + $1
            }
        },
        Case("buffer(size:)") { up, _, s, _ in
            up.buffer(size: 2).map {
                keep(s); return $0.count
            }
        },
        Case("collect") { up, _, s, _ in
            up.collect().map {
                keep(s); return $0.count
            }
        },
        Case("first/last/element(at:)") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.element(at: 3).first().last()
        },
        Case("ignoreElements") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.ignoreElements()
        },
        Case("materialize/dematerialize") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.materialize().dematerialize()
        },
        Case("handleEvents") { up, _, s, _ in
            up.handleEvents(
                receiveSubscription: { keep(s) }, receiveOutput: { _ in keep(s) },
                receiveCompletion: { _ in keep(s) }, receiveCancel: { keep(s) })
        },
        Case("prepend/append(signal)") { up, other, s, _ in
            up.map {
                keep(s); return $0
            }.prepend(Signal.just(0)).append(other)
        },
        Case("merge") { up, other, s, _ in
            up.merge(
                with: other.map {
                    keep(s); return $0
                })
        },
        Case("combineLatest") { up, other, s, _ in
            up.combineLatest(with: other) {
                keep(s); return $0 + $1
            }
        },
        Case("zip") { up, other, s, _ in
            up.zip(with: other) {
                keep(s); return $0 + $1
            }
        },
        Case("with(latestFrom:)") { up, other, s, _ in
            up.with(latestFrom: other) {
                keep(s); return $0 + $1
            }
        },
        Case("sample(with:)") { up, other, s, _ in
            up.map {
                keep(s); return $0
            }.sample(with: other)
        },
        Case("race") { up, other, s, _ in
            up.map {
                keep(s); return $0
            }.race(other)
        },
        Case("flatMapMerge") { up, other, s, _ in
            up.flatMapMerge { _ in
                keep(s); return other
            }
        },
        Case("flatMapLatest") { up, other, s, _ in
            up.flatMapLatest { _ in
                keep(s); return other
            }
        },
        Case("flatMapConcat") { up, other, s, _ in
            up.flatMapConcat { _ in
                keep(s); return other
            }
        },
        Case("flatMapError") { up, other, s, _ in
            up.flatMapError { _ in
                keep(s); return other
            }
        },
        Case("retry") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.retry(2)
        },
        Case("debounce") { up, _, s, scheduler in
            up.map {
                keep(s); return $0
            }.debounce(for: .seconds(5), on: scheduler)
        },
        Case("delay") { up, _, s, scheduler in
            up.map {
                keep(s); return $0
            }.delay(for: .seconds(5), on: scheduler)
        },
        Case("throttle") { up, _, s, scheduler in
            up.map {
                keep(s); return $0
            }.throttle(for: .seconds(5), on: scheduler, latest: true)
        },
        Case("timeout") { up, _, s, scheduler in
            up.map {
                keep(s); return $0
            }.timeout(after: .seconds(50), with: LeakError(), on: scheduler)
        },
        Case("receive(on:)") { up, _, s, scheduler in
            up.map {
                keep(s); return $0
            }.receive(on: scheduler)
        },
        Case("subscribe(on:)") { up, _, s, scheduler in
            up.map {
                keep(s); return $0
            }.subscribe(on: scheduler)
        },
        Case("share") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.share()
        },
        Case("shareReplay") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.shareReplay(limit: 2)
        },
        Case("publish().refCount()") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.publish().refCount()
        },
        Case("replay().refCount()") { up, _, s, _ in
            up.map {
                keep(s); return $0
            }.replay(limit: 3).refCount()
        },
        Case("interval + take(until:)") { up, _, s, scheduler in
            Signal<Int, LeakError>.interval(.seconds(1), on: scheduler).map {
                keep(s); return $0
            }.take(until: up)
        },
    ]

    /// Sends a few events, advances virtual time, then ends the observation with `end`.
    private func check(_ leakCase: Case, end: (Source, Source, any Disposable) -> Void) {
        let upstream = Source()
        let other = Source()
        let scheduler = TestScheduler()
        weak var weakSentinel: Sentinel?
        expectNoLeaks {
            let sentinel = Sentinel()
            weakSentinel = sentinel
            let observation = leakCase.build(upstream.toSignal(), other.toSignal(), sentinel, scheduler)
                .observe { _ in Self.keep(sentinel) }
            scheduler.advance(byTicks: 1)
            upstream.send(1)
            other.send(10)
            upstream.send(2)
            scheduler.advance(byTicks: 3)
            end(upstream, other, observation)
            scheduler.advance(byTicks: 100)
        }
        #expect(weakSentinel == nil, "\(leakCase): the captured sentinel is still alive")
    }

    @Test(arguments: cases)
    func releasesEverythingWhenDisposed(_ leakCase: Case) {
        check(leakCase) { _, _, observation in observation.dispose() }
    }

    @Test(arguments: cases)
    func releasesEverythingWhenTheUpstreamsComplete(_ leakCase: Case) {
        check(leakCase) { upstream, other, _ in
            upstream.send(completion: .finished)
            other.send(completion: .finished)
        }
    }

    @Test(arguments: cases)
    func releasesEverythingWhenTheUpstreamFails(_ leakCase: Case) {
        check(leakCase) { upstream, other, _ in
            upstream.send(completion: .failure(LeakError()))
            other.send(completion: .failure(LeakError()))
        }
    }
}
