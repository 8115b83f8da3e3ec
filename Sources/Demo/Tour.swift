import StreamCore

/// The README's tour, runnable: `swift run demo`. `ReadmeTourTests` checks the same lines.
enum Tour {
    /// Runs the tour, printing through `print`.
    static func run(print: @escaping @Sendable (String) -> Void) {
        let bag = DisposeBag()

        // A cold signal: the producer runs for each observation.
        Signal<Int, Never>.sequence(1...6)
            .map { $0 * $0 }
            .filter { $0.isMultiple(of: 2) }
            .observeNext { print("even square: \($0)") }
            .dispose(in: bag)

        // Hot values: a subject you send into, and a property that remembers.
        let name = Property("Jim")
        name.map { "Hi \($0)!" }.observeNext { print($0) }.dispose(in: bag)
        name.value = "Kathryn"

        // Errors are typed; recover or retry where it makes sense.
        let taps = PassthroughSubject<Void, Never>()
        taps.scan(0) { count, _ in count + 1 }
            .observeNext { print("taps: \($0)") }
            .dispose(in: bag)
        taps.send()
        taps.send()

        bag.dispose()
    }
}
