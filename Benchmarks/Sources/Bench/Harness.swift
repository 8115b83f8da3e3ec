import Dispatch
import MallocCounter

/// Hides a value from the optimizer so sizes are not compile-time constants.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// The shared sink every subscriber adds into (as WORKLOADS.md prescribes).
final class SumBox: @unchecked Sendable {
    // @unchecked Sendable: benchmark-only; every workload touches it from one thread at a time.
    var sum = 0
}

/// One measured cell: ns per unit (median, min, max over the repetitions) and mallocs per unit.
struct Measurement {
    var name: String
    var nsPerUnit: Double
    var minNs: Double
    var maxNs: Double
    var allocsPerUnit: Double
    var checkPassed: Bool
}

/// Runs `body` once as warm-up, then `repetitions` timed times; each run returns a checksum.
func measure(
    _ name: String, units: Int, repetitions: Int = 5, expected: Int, _ body: () -> Int
) -> Measurement {
    var ok = body() == expected
    var times: [Double] = []
    var allocs: [UInt64] = []
    for _ in 0..<repetitions {
        let a0 = mc_allocation_count()
        let t0 = DispatchTime.now().uptimeNanoseconds
        let result = body()
        let t1 = DispatchTime.now().uptimeNanoseconds
        let a1 = mc_allocation_count()
        ok = ok && result == expected
        times.append(Double(t1 - t0) / Double(units))
        allocs.append(a1 - a0)
    }
    times.sort()
    return Measurement(
        name: name, nsPerUnit: times[times.count / 2], minNs: times.first ?? 0, maxNs: times.last ?? 0,
        allocsPerUnit: Double(allocs.min() ?? 0) / Double(units), checkPassed: ok)
}

/// Timestamps taken inside a workload (W4b: start, after subscribing, after disposing).
final class PhaseClock {
    private(set) var marks: [UInt64] = []
    func mark() { marks.append(DispatchTime.now().uptimeNanoseconds) }

    /// Milliseconds between consecutive marks.
    var phasesMs: [Double] { zip(marks.dropFirst(), marks).map { Double($0 - $1) / 1e6 } }

    /// Runs `body` once with a fresh clock and returns its phase times.
    static func phases(_ body: (PhaseClock) -> Int) -> [Double] {
        let clock = PhaseClock()
        _ = body(clock)
        return clock.phasesMs
    }
}
