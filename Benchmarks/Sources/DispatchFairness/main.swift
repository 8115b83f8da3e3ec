// Issue 33's fairness benchmark: producers dispatch nonstop into one store while probes measure
// what one more `dispatch()` costs its caller, how long an async `send` waits, whether 20,000
// async senders finish, and the process's memory. Wall-clock figures: run it on a quiet machine
// and compare builds of the same machine (Docs/benchmarks/dispatch-fairness.md).
//
//   dispatch-fairness [--seconds S] [--producers P] [--senders N] [--queue unbounded|bounded:CAP:suspend|fail|dropOldest]
import Dispatch
import Foundation
import StoreKitLite
import Synchronization

struct Options {
    var seconds = 10.0
    var producers = 3
    var senders = 20_000
    var queue = "unbounded"

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--seconds": seconds = Double(iterator.next() ?? "") ?? seconds
            case "--producers": producers = Int(iterator.next() ?? "") ?? producers
            case "--senders": senders = Int(iterator.next() ?? "") ?? senders
            case "--queue": queue = iterator.next() ?? queue
            default:
                print("unknown argument \(argument)")
                exit(2)
            }
        }
    }

    var policy: ActionQueuePolicy {
        let parts = queue.split(separator: ":")
        guard parts.count == 3, parts[0] == "bounded", let capacity = Int(parts[1]) else { return .unbounded }
        switch parts[2] {
        case "fail": return .bounded(capacity, whenFull: .fail)
        case "dropOldest": return .bounded(capacity, whenFull: .dropOldest)
        default: return .bounded(capacity, whenFull: .suspend)
        }
    }
}

/// Resident memory in MiB (Linux), or 0 where /proc is missing.
func residentMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let kib = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
        return kib / 1024
    }
    return 0
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

final class Samples: Sendable {
    private let values = Mutex<[Double]>([])
    func add(_ value: Double) { values.withLock { $0.append(value) } }
    var all: [Double] { values.withLock { $0 } }
}

func ms(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

let options = Options(CommandLine.arguments)
/// Reducers running at once: more than one would be a broken dispatch role.
let reducing = Atomic<Int>(0)
let overlaps = Atomic<Int>(0)
let store = Store(
    initialState: 0,
    reducer: Reducer<Int, Int>(mutating: { state, action in
        if reducing.add(1, ordering: .acquiring).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
        state &+= action
        reducing.subtract(1, ordering: .releasing)
    }),
    queue: options.policy)  // BEFORE: remove the queue argument (main has none)
let observed = Atomic<Int>(0)
let observation = store.observeNext { _ in observed.add(1, ordering: .relaxed) }
let stop = Atomic<Bool>(false)
let produced = Atomic<Int>(0)
let producersDone = DispatchSemaphore(value: 0)
let clock = ContinuousClock()
let rssAtRest = residentMiB()

for _ in 0..<options.producers {
    Thread {
        var count = 0
        while !stop.load(ordering: .relaxed) {
            store.dispatch(1)
            count += 1
        }
        produced.add(count, ordering: .relaxed)
        producersDone.signal()
    }.start()
}

// Probe 1: one more `dispatch()` every 10 ms, on a thread of its own: what it costs its caller.
let dispatchLatency = Samples()
Thread {
    while !stop.load(ordering: .relaxed) {
        let start = clock.now
        store.dispatch(1)
        dispatchLatency.add(ms(clock.now - start))
        Thread.sleep(forTimeInterval: 0.01)
    }
}.start()

// Probe 2: an async `send` every 10 ms: how long it waits for its outcome.
let sendWait = Samples()
let sendProbe = Task.detached {  // detached: top-level code is the main actor's, and main blocks
    while !stop.load(ordering: .relaxed) {
        let start = clock.now
        _ = try? await store.send(1, timeout: .seconds(120))
        sendWait.add(ms(clock.now - start))
        try? await Task.sleep(for: .milliseconds(10))
    }
}

// Memory, every 250 ms.
let peakRSS = Mutex<Double>(rssAtRest)
Thread {
    while !stop.load(ordering: .relaxed) {
        let now = residentMiB()
        peakRSS.withLock { $0 = max($0, now) }
        Thread.sleep(forTimeInterval: 0.25)
    }
}.start()

// Halfway: 20,000 async senders at once, behind the producers.
let sendersDone = Atomic<Int>(0)
let sendersStart = Mutex<ContinuousClock.Instant?>(nil)
let sendersEnd = Mutex<ContinuousClock.Instant?>(nil)
Thread.sleep(forTimeInterval: options.seconds / 2)
sendersStart.withLock { $0 = clock.now }
for _ in 0..<options.senders {
    Task.detached {
        _ = try? await store.send(1)
        if sendersDone.add(1, ordering: .relaxed).newValue == options.senders {
            sendersEnd.withLock { $0 = clock.now }
        }
    }
}
Thread.sleep(forTimeInterval: options.seconds / 2)
stop.store(true, ordering: .relaxed)
let stoppedAt = clock.now
// A producer's last `dispatch` may hold the role and drain everybody's backlog (main's
// behaviour): wait a moment, not for it; the state check below needs all of them.
var producersJoined = 0
for _ in 0..<options.producers where producersDone.wait(timeout: .now() + 1) == .success { producersJoined += 1 }
let rssAtStop = residentMiB()
let latencies = dispatchLatency.all
let waits = sendWait.all
let sendersTime = sendersEnd.withLock { end in sendersStart.withLock { start in end.flatMap { e in start.map { ms(e - $0) } } } }
print("queue: \(options.queue), producers: \(options.producers), seconds: \(options.seconds)")
print("actions produced: \(produced.load(ordering: .relaxed) + latencies.count), reduced when the producers stopped: \(store.state)")
print(
    String(
        format: "dispatch() latency, ms: p50 %.3f, p99 %.3f, max %.3f (%d calls, %d over 100 ms)",
        percentile(latencies, 0.5), percentile(latencies, 0.99), latencies.max() ?? 0, latencies.count,
        latencies.filter { $0 > 100 }.count))
print(
    String(
        format: "send wait, ms: p50 %.3f, p99 %.3f, max %.3f (%d sends done while producing)",
        percentile(waits, 0.5), percentile(waits, 0.99), waits.max() ?? 0, waits.count))
print(
    "\(options.senders) async senders started halfway: " + (sendersTime.map { String(format: "all done in %.0f ms", $0) } ?? "\(sendersDone.load(ordering: .relaxed)) done when the producers stopped"))
print(String(format: "memory, MiB: at rest %.1f, peak %.1f, at stop %.1f", rssAtRest, peakRSS.withLock { $0 }, rssAtStop))
fflush(nil)  // every stream: the figures are out before the backlog wait
// The backlog: a send behind everything queued, waited for at most 120 s.
let finished = DispatchSemaphore(value: 0)
Task.detached {
    _ = try? await store.send(0)
    finished.signal()
}
if finished.wait(timeout: .now() + 120) == .timedOut {
    print("backlog: not run 120 s after the producers stopped (\(store.state) reduced)")
} else {
    print(String(format: "backlog: ran %.0f ms after the producers stopped", ms(clock.now - stoppedAt)))
    // Every action adds 1 (the barrier 0): nothing lost or run twice.
    let expected =
        produced.load(ordering: .relaxed) + latencies.count + sendWait.all.count + sendersDone.load(ordering: .relaxed)
    for _ in producersJoined..<options.producers { producersDone.wait() }
    print("overlapping reductions: \(overlaps.load(ordering: .relaxed))")
    print("state check: \(store.state) reduced, \(expected) sent" + (store.state == expected ? " (equal)" : " (DIFFERENT)"))
}
observation.dispose()
