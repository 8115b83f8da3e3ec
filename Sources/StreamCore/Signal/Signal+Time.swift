public import Dispatch

extension Signal where Element: Sendable {
    /// A signal that sends one element after a delay, then completes: ReactiveKit's spelling.
    ///
    /// Marble (one dash per second): `Signal(just: a, after: 3)` → `---(a|)`
    ///
    /// ```swift
    /// Signal<Int, Never>(just: 5, after: 60)                        // 5 a minute later
    /// Signal<String, Never>(just: "go", after: 0.5, scheduler: .main)
    /// ```
    ///
    /// Each observation starts its own delay when it is observed. Disposing the observation
    /// before the delay passes cancels the delivery and releases the scheduled work at once.
    ///
    /// - Parameters:
    ///   - element: The element to send.
    ///   - interval: The delay in seconds. Zero, negative and `NaN` mean "as soon as possible"
    ///     (still asynchronously on a dispatch queue); very long delays (including `.infinity`)
    ///     are clamped to about 31 million years.
    ///   - scheduler: Where the element and the completion are sent from; a global dispatch
    ///     queue by default. Events arrive on the scheduler's thread or queue.
    public init(just element: Element, after interval: Double, scheduler: some Scheduler = DispatchQueue.global()) {
        self.init(just: element, after: Duration(saturatingSeconds: interval), scheduler: scheduler)
    }

    /// A signal that sends one element after a `Duration`, then completes.
    ///
    /// Marble: `Signal(just: a, after: .seconds(3))` → `---(a|)`
    ///
    /// ```swift
    /// Signal<Int, Never>(just: 5, after: .milliseconds(300), scheduler: queue)
    /// ```
    ///
    /// - Parameters:
    ///   - element: The element to send.
    ///   - delay: How long to wait; zero or less means "as soon as possible".
    ///   - scheduler: Where the events are sent from (a global dispatch queue by default); events
    ///     arrive on its thread or queue.
    public init(just element: Element, after delay: Duration, scheduler: some Scheduler = DispatchQueue.global()) {
        self.init({ observer in
            scheduler.schedule(after: delay) {
                observer.receive(lastElement: element)
            }
        })
    }

    /// A signal that sends the next element of a sequence every `interval` seconds, then
    /// completes: ReactiveKit's spelling.
    ///
    /// Marble (one dash per interval): `Signal(sequence: [a, b, c], interval: 1)` → `-a-b-c-|`
    ///
    /// The first element is sent one interval after observing; after the last element, the
    /// signal completes one interval later, when it finds the sequence exhausted (the sequence
    /// is never read ahead of time). Elements are sent on a drift-free grid; see
    /// ``Scheduler/schedule(after:every:_:)``.
    ///
    /// ```swift
    /// Signal<Int, Never>(sequence: 0..., interval: 5)   // 0, 1, 2, … every five seconds
    ///     .take(first: 3)
    /// ```
    ///
    /// An infinite sequence runs until the observation is disposed (or an operator downstream
    /// such as `take(first:)` ends it); disposing stops the timer and reads no further element.
    ///
    /// - Parameters:
    ///   - sequence: The elements to send; iterated afresh for each observation.
    ///   - interval: The time between elements in seconds. Zero, negative and `NaN` intervals
    ///     become one nanosecond: as fast as the scheduler goes, one element per scheduled run.
    ///   - scheduler: Where the events are sent from (a global dispatch queue by default); events
    ///     arrive on its thread or queue, one at a time. An ``ImmediateScheduler`` does not
    ///     repeat, so it sends only the first element.
    public init<S: Sequence & Sendable>(
        sequence: S,
        interval: Double,
        scheduler: some Scheduler = DispatchQueue.global()
    ) where S.Element == Element {
        self.init(sequence: sequence, interval: Duration(saturatingSeconds: interval), scheduler: scheduler)
    }

    /// A signal that sends the next element of a sequence every `interval`, then completes.
    ///
    /// Marble: `Signal(sequence: [a, b, c], interval: .seconds(1))` → `-a-b-c-|`
    ///
    /// ```swift
    /// Signal<Int, Never>(sequence: 1...3, interval: .milliseconds(100), scheduler: queue)
    /// ```
    ///
    /// - Parameters:
    ///   - sequence: The elements to send; iterated afresh for each observation.
    ///   - interval: The time between elements; below one nanosecond it becomes one nanosecond.
    ///   - scheduler: Where the events are sent from (a global dispatch queue by default); events
    ///     arrive on its thread or queue, one at a time.
    public init<S: Sequence & Sendable>(
        sequence: S,
        interval: Duration,
        scheduler: some Scheduler = DispatchQueue.global()
    ) where S.Element == Element {
        self.init({ observer in
            // SerialBox: only the timer's runs touch the iterator, and a repeating action's runs
            // never overlap, each one scheduled after the previous returned.
            let iterator = SerialBox(sequence.makeIterator())
            return scheduler.schedule(after: interval.clampedInterval, every: interval) {
                if observer.isDisposed { return }
                if let element = iterator.value.next() {
                    observer.receive(element)
                } else {
                    // The guard disposes the timer once the completion is delivered.
                    observer.receive(completion: .finished)
                }
            }
        })
    }
}
