import Foundation
import StreamCore
import StreamCoreTesting
import Testing

/// Randomized model test: random operator pipelines over random event schedules, run on the
/// virtual-time `TestScheduler` and compared, event by event and tick by tick, with
/// `ReferenceModel`.
///
/// - `swift test --filter ModelTests` runs seeds 1...1000 (a few seconds).
/// - `MODEL_SEEDS=100000 swift test --filter ModelTests` runs seeds 1...100000.
/// - `MODEL_SEED=123 swift test --filter ModelTests` replays one seed (printed on failure).
@Suite struct ModelTests {
    static let defaultSeedCount: UInt64 = 1_000

    /// The seeds to run, from the environment.
    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["MODEL_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = environment["MODEL_SEEDS"].flatMap(UInt64.init) ?? defaultSeedCount
        return Array(1...max(1, count))
    }

    @Test func randomPipelinesMatchTheReferenceModel() async {
        let seeds = Self.seeds
        // A long CPU-bound loop: run it on a thread of its own, not on the cooperative pool.
        let (mismatches, comparedEvents, pipelinesWithElements) = await offCooperativePool {
            var mismatches: [String] = []
            var comparedEvents = 0
            var pipelinesWithElements = 0
            for seed in seeds {
                var generator = PipelineGenerator(seed: seed)
                let pipeline = generator.pipeline()
                let expected = ReferenceModel.evaluate(pipeline)
                comparedEvents += expected.count
                if expected.contains(where: { !$0.event.isTerminal }) { pipelinesWithElements += 1 }
                if let mismatch = Self.check(seed: seed, pipeline: pipeline, expected: expected) {
                    mismatches.append(mismatch)
                    if mismatches.count >= 5 { break }
                }
            }
            return (mismatches, comparedEvents, pipelinesWithElements)
        }
        for mismatch in mismatches { Issue.record(Comment(rawValue: mismatch)) }
        // Guard against a vacuous pass: most random pipelines must produce elements.
        if seeds.count >= 100 {
            #expect(pipelinesWithElements * 2 > seeds.count, "only \(pipelinesWithElements) of \(seeds.count) pipelines sent elements")
        }
        print("ModelTests: \(seeds.count) seeds, \(comparedEvents) events compared, \(pipelinesWithElements) pipelines with elements")
    }

    /// Runs the seed's pipeline with the library and compares it with the model's events; `nil`
    /// if they agree, else a description of the difference naming the seed.
    static func check(seed: UInt64, pipeline: Pipeline, expected: [Timed]) -> String? {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(build(pipeline, on: scheduler))
        guard scheduler.run(maximumActions: 100_000) else {
            return "seed \(seed) (replay with MODEL_SEED=\(seed)): scheduler never went idle\n  pipeline: \(pipeline)"
        }
        recorder.dispose()
        let actual = recorder.events.map { recorded -> Timed in
            switch recorded.value {
            case .next(let value): Timed(tick: recorded.tick, event: .next(value))
            case .failed: Timed(tick: recorded.tick, event: .failed)
            case .completed: Timed(tick: recorded.tick, event: .completed)
            }
        }
        guard actual != expected else { return nil }
        return """
            seed \(seed) (replay with MODEL_SEED=\(seed)):
              pipeline: \(pipeline)
              expected: \(expected)
              actual:   \(actual)
            """
    }

    /// The library's version of a pipeline.
    static func build(_ pipeline: Pipeline, on scheduler: TestScheduler) -> Signal<Int, ModelError> {
        switch pipeline {
        case .source(_, let script):
            return source(script, on: scheduler)
        case .delay(let upstream, let ticks):
            return build(upstream, on: scheduler).delay(for: .seconds(ticks), on: scheduler)
        case .debounce(let upstream, let ticks):
            return build(upstream, on: scheduler).debounce(for: .seconds(ticks), on: scheduler)
        case .map(let upstream, let multiply, let add):
            return build(upstream, on: scheduler).map { $0 * multiply + add }
        case .filter(let upstream, let modulus, let remainder):
            return build(upstream, on: scheduler).filter { $0 % modulus == remainder }
        case .scan(let upstream):
            return build(upstream, on: scheduler).scan(0, +)
        case .take(let upstream, let count):
            return build(upstream, on: scheduler).take(first: count)
        case .skip(let upstream, let count):
            return build(upstream, on: scheduler).skip(first: count)
        case .takeWhile(let upstream, let below):
            return build(upstream, on: scheduler).take(while: { $0 < below })
        case .skipWhile(let upstream, let below):
            return build(upstream, on: scheduler).skip(while: { $0 < below })
        case .distinct(let upstream):
            return build(upstream, on: scheduler).distinctUntilChanged()
        case .pairwise(let upstream):
            return build(upstream, on: scheduler).pairwise().map { $0 * 10 + $1 }
        case .prepend(let upstream, let value):
            return build(upstream, on: scheduler).prepend(value)
        case .append(let upstream, let value):
            return build(upstream, on: scheduler).append(value)
        case .merge(let lhs, let rhs):
            return build(lhs, on: scheduler).merge(with: build(rhs, on: scheduler))
        case .combineLatest(let lhs, let rhs):
            return build(lhs, on: scheduler).combineLatest(with: build(rhs, on: scheduler)) { $0 * 7 + $1 }
        case .flatMapLatest(let outer, let inners):
            let signals = inners.map { source($0, on: scheduler) }
            return build(outer, on: scheduler).flatMapLatest { value in
                signals[((value % signals.count) + signals.count) % signals.count]
            }
        }
    }

    /// A cold signal sending the script's events at their ticks after it is observed.
    static func source(_ script: Script, on scheduler: TestScheduler) -> Signal<Int, ModelError> {
        Signal { observer in
            let timers = CompositeDisposable()
            for item in script.events {
                let event: Signal<Int, ModelError>.Event =
                    switch item.event {
                    case .next(let value): .next(value)
                    case .failed: .failed(ModelError())
                    case .completed: .completed
                    }
                timers.add(scheduler.schedule(after: .seconds(item.tick)) { observer.on(event) })
            }
            return timers
        }
    }

    // MARK: The model itself

    @Test func theGeneratorIsDeterministic() {
        var first = PipelineGenerator(seed: 42)
        var second = PipelineGenerator(seed: 42)
        #expect(first.pipeline().description == second.pipeline().description)
    }

    @Test func theModelAgreesWithHandWrittenCases() {
        let source = Pipeline.source(
            id: 1,
            Script(events: [
                Timed(tick: 41, event: .next(1)), Timed(tick: 81, event: .next(2)), Timed(tick: 121, event: .completed),
            ]))
        #expect(
            ReferenceModel.evaluate(.debounce(source, ticks: 60)) == [
                Timed(tick: 121, event: .next(2)), Timed(tick: 121, event: .completed),
            ])
        #expect(
            ReferenceModel.evaluate(.debounce(source, ticks: 20)) == [
                Timed(tick: 61, event: .next(1)), Timed(tick: 101, event: .next(2)), Timed(tick: 121, event: .completed),
            ])
        #expect(
            ReferenceModel.evaluate(.take(.prepend(source, 9), count: 2)) == [
                Timed(tick: 0, event: .next(9)), Timed(tick: 41, event: .next(1)), Timed(tick: 41, event: .completed),
            ])
    }
}
