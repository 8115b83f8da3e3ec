import StoreKitLite
import StreamCore

// MARK: W8L store dispatch with a large state (issue 13)
// A store whose state holds a `[Int: String]` of N entries (N = 10k, 100k, 1M); every dispatch
// sets one existing key (key = i mod N) to another short string and bumps a version number. One
// subscriber adds each state's version (including the initial 0) to the sum: checksum D(D+1)/2
// for D dispatches. The toolkit reduces in place (`Reducer(mutating:)`), so a dispatch touches
// one dictionary bucket whatever N is. The baseline is ReSwift's copy-per-dispatch shape: the
// reducer gets the current state by value and returns a new one while the store still holds the
// old (`let next = reducer(action, state); state = next`), so every dispatch copies the whole
// dictionary: O(N).

/// The W8L state: a large dictionary and a counter the subscriber reads.
struct LargeState: Sendable {
    var entries: [Int: String]
    var version: Int
}

/// The W8L action: set the entry under `key`.
struct SetEntry: Sendable {
    var key: Int
}

/// The W8L initial state with `entries` keys.
func largeState(entries: Int) -> LargeState {
    var dictionary = [Int: String](minimumCapacity: entries)
    for key in 0..<entries { dictionary[key] = "a" }
    return LargeState(entries: dictionary, version: 0)
}

/// Holds the W8L state between runs so that a run's store gets the only reference to its
/// dictionary (no copy-on-write copy when the first dispatch changes it) and gives it back.
final class LargeStateSource {
    private var state: LargeState
    init(entries: Int) { state = largeState(entries: entries) }
    var count: Int { state.entries.count }
    /// Takes the state out, leaving an empty one, so the caller holds the only reference.
    func take() -> LargeState {
        defer { state = LargeState(entries: [:], version: 0) }
        var taken = state
        taken.version = 0
        return taken
    }
    /// Puts a state back for the next run.
    func put(_ returned: LargeState) { state = returned }
}

/// Checksum of `dispatches` W8L dispatches: the versions 0…D summed.
func w8lExpected(_ dispatches: Int) -> Int { dispatches * (dispatches + 1) / 2 }

/// ReactiveToolkit: `Store` with an in-place reducer and one `observeNext` subscriber.
func w8lToolkit(_ source: LargeStateSource, dispatches: Int) -> Int {
    let box = SumBox()
    let size = source.count
    let reducer = Reducer<LargeState, SetEntry>(mutating: { state, action in
        state.entries[action.key] = (state.version & 1 == 0) ? "b" : "c"
        state.version &+= 1
    })
    let store = Store(initialState: source.take(), reducer: reducer)
    let subscription = store.observeNext { box.sum &+= $0.version }
    var key = 0
    for _ in 0..<opaque(dispatches) {
        store.dispatch(SetEntry(key: key))
        key &+= 1
        if key == size { key = 0 }
    }
    subscription.dispose()
    source.put(store.state)
    return box.sum
}

/// Baseline: ReSwift's shape — the reducer takes the state by value and returns the next one
/// while the store holds the previous one, then the subscriber is called with the new state.
func w8lBaseline(_ initial: LargeState, dispatches: Int) -> Int {
    let box = SumBox()
    let size = initial.entries.count
    var state = initial
    let reducer: (SetEntry, LargeState) -> LargeState = opaque({ action, state in
        var next = state
        next.entries[action.key] = (state.version & 1 == 0) ? "b" : "c"
        next.version &+= 1
        return next
    })
    let subscriber: (LargeState) -> Void = opaque({ box.sum &+= $0.version })
    subscriber(state)
    var key = 0
    for _ in 0..<opaque(dispatches) {
        let next = reducer(SetEntry(key: key), state)
        state = next
        subscriber(next)
        key &+= 1
        if key == size { key = 0 }
    }
    return box.sum
}

/// W8L at 10k, 100k and 1M entries. The toolkit's store gets the only reference to the state
/// (`LargeStateSource`), so no run pays a one-time copy. The baseline copies the dictionary per dispatch, so it runs
/// fewer dispatches at the larger sizes (its figure is per dispatch either way).
func runLargeStoreRows(_ sizes: Sizes) -> [Row] {
    let reps = sizes.repetitions
    var rows: [Row] = []
    for entries in [10_000, 100_000, 1_000_000] {
        let source = LargeStateSource(entries: entries)
        let initial = largeState(entries: entries)
        let dispatches = sizes.n(1_000_000)
        let baselineDispatches = max(10, sizes.n(100_000_000 / entries))
        rows.append(Row(
            id: "W8L \(shortSize(entries))",
            name: "W8L store dispatch, [Int: String] of \(shortSize(entries)) entries (per dispatch)",
            units: dispatches, baselineName: "copy",
            baseline: measure("copy", units: baselineDispatches, repetitions: reps,
                              expected: w8lExpected(baselineDispatches)) {
                w8lBaseline(initial, dispatches: baselineDispatches)
            },
            toolkit: measureCell("toolkit", units: dispatches, repetitions: reps, expected: w8lExpected(dispatches)) {
                w8lToolkit(source, dispatches: dispatches)
            },
            openCombine: .notApplicable("the W8 OpenCombine store copies like the baseline; not run at these sizes"),
            toolkitAllocationLimit: 0.001,
            series: SeriesPoint(series: "W8L", parameter: entries, kind: .perUnit),
            note: "baseline: ReSwift's copy-per-dispatch shape (\(shortSize(baselineDispatches)) dispatches); toolkit: in-place `Reducer(mutating:)`"))
        progress("\(rows[rows.count - 1].name) done")
    }
    return rows
}

/// `--count-w8l CELL ENTRIES DISPATCHES`: one W8L cell once, for callgrind (prints the checksum).
func runW8LCount(cell: String, entries: Int, dispatches: Int) -> Int32 {
    let sum: Int
    switch cell {
    case "toolkit": sum = w8lToolkit(LargeStateSource(entries: entries), dispatches: dispatches)
    case "baseline": sum = w8lBaseline(largeState(entries: entries), dispatches: dispatches)
    case "w8": sum = w8Toolkit(dispatches, middlewares: 0)
    case "w8-baseline": sum = w8Baseline(dispatches, middlewares: 0)
    default:
        print("unknown W8L cell \(cell) (toolkit, baseline, w8, w8-baseline)")
        return 2
    }
    print(sum)
    return sum == (cell.hasPrefix("w8-") || cell == "w8" ? dispatches * (dispatches + 1) / 2 : w8lExpected(dispatches)) ? 0 : 1
}
