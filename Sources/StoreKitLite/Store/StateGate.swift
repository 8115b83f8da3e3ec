import StreamCore
public import Synchronization

/// Lets any thread copy a store's state while the thread holding the dispatch role changes it in
/// place: a reader–writer gate with lock-free fast paths.
///
/// The writer is the dispatch-role holder, and it writes only while a reducer runs. Readers
/// (``Store/state``, a new observer's replay) copy the state, which is O(1): a retain. So:
/// - a reader that finds no reducer running copies at once (one atomic add and subtract);
/// - a reader that arrives while a reducer runs waits for that one reducer to return (reducers
///   are pure and quick), never for middleware or observers; the reducer's own thread is never
///   made to wait on itself;
/// - a writer waits only for readers already copying (a few instructions each), and lets
///   readers that were waiting go first, so neither side starves.
///
/// The word: bit 0 a reducer is running, bit 1 readers are waiting for it, bit 2 the writer is
/// waiting for readers, bits 3… the number of readers copying.
@usableFromInline
final class StateGate: @unchecked Sendable {
    // @unchecked Sendable: `word` and `writer` are atomic; `waitingReaders` is guarded by the
    // gate's ParkingLot bucket's mutex, with which every wait and wake-up happens.
    @usableFromInline static var writing: Int { 1 }
    @usableFromInline static var readersWaiting: Int { 2 }
    @usableFromInline static var writerWaiting: Int { 4 }
    @usableFromInline static var reader: Int { 8 }

    @usableFromInline
    let word = Atomic<Int>(0)
    /// The thread running the reducer (meaningful while `writing` is set), so that a reducer
    /// reading its own store is never made to wait for itself.
    @usableFromInline
    let writer = Atomic<UInt>(0)
    /// Readers blocked until the running reducer returns. Guarded by the bucket's mutex.
    private var waitingReaders = 0

    /// The gate's bucket in the ``ParkingLot``, where readers and the writer wait.
    private var bucketKey: UInt { UInt(bitPattern: ObjectIdentifier(self)) }

    // MARK: Writer (the dispatch-role holder)

    /// Marks the state as being changed. Returns when no reader is copying it.
    @inlinable
    func beginWrite() {
        assert(
            word.load(ordering: .relaxed) & Self.writing == 0 || writer.load(ordering: .relaxed) != Self.currentThread,
            "Lock misuse: StateGate was write-locked again by the thread that holds it (a deadlock)"
        )
        // Released with the `writing` bit, so a reader that sees the bit sees which thread set it.
        writer.store(Self.currentThread, ordering: .relaxed)
        if word.compareExchange(expected: 0, desired: Self.writing, ordering: .acquiringAndReleasing).exchanged {
            return
        }
        beginWriteSlowly()
    }

    /// Marks the change as done and lets waiting readers copy the new state.
    @inlinable
    func endWrite() {
        assert(word.load(ordering: .relaxed) & Self.writing != 0, "Lock misuse: StateGate was write-unlocked while nobody held it")
        assert(
            writer.load(ordering: .relaxed) == Self.currentThread,
            "Lock misuse: StateGate was write-unlocked by a thread that does not hold it"
        )
        if word.compareExchange(expected: Self.writing, desired: 0, ordering: .releasing).exchanged { return }
        endWriteSlowly()
    }

    @usableFromInline
    func beginWriteSlowly() {
        ParkingLot.shared.withBucket(of: bucketKey) { bucket in
            word.bitwiseOr(Self.writerWaiting, ordering: .relaxed)
            while true {
                let current = word.load(ordering: .acquiring)
                // Readers copying, or readers that were waiting and have not all entered yet.
                if current & ~(Self.writerWaiting) != 0 {
                    bucket.wait()
                    continue
                }
                if word.compareExchange(expected: current, desired: Self.writing, ordering: .acquiringAndReleasing)
                    .exchanged
                {
                    break
                }
            }
        }
    }

    @usableFromInline
    func endWriteSlowly() {
        let previous = word.bitwiseAnd(~Self.writing, ordering: .releasing).oldValue
        guard previous & Self.readersWaiting != 0 else { return }
        ParkingLot.shared.wakeAll(on: bucketKey)
    }

    /// An identifier of the calling thread.
    @usableFromInline
    static var currentThread: UInt { ThreadIdentity.current }

    // MARK: Readers

    /// Runs `body` (a copy of the state: no user code) while no reducer changes the state.
    @inlinable
    func read<R>(_ body: () -> R) -> R {
        let current = word.load(ordering: .relaxed)
        if current & (Self.writing | Self.writerWaiting) == 0,
            word.compareExchange(expected: current, desired: current &+ Self.reader, ordering: .acquiring).exchanged
        {
            let result = body()
            leave()
            return result
        }
        return readSlowly(body)
    }

    @usableFromInline
    func readSlowly<R>(_ body: () -> R) -> R {
        if word.load(ordering: .acquiring) & Self.writing != 0, writer.load(ordering: .relaxed) == Self.currentThread {
            // The reducer's own thread (a reducer reading its store): the state is its to read.
            return body()
        }
        ParkingLot.shared.withBucket(of: bucketKey) { bucket in
            waitingReaders += 1
            word.bitwiseOr(Self.readersWaiting, ordering: .relaxed)
            while word.load(ordering: .acquiring) & Self.writing != 0 {
                bucket.wait()
            }
            word.wrappingAdd(Self.reader, ordering: .acquiring)
            waitingReaders -= 1
            if waitingReaders == 0 { word.bitwiseAnd(~Self.readersWaiting, ordering: .relaxed) }
        }
        let result = body()
        leave()
        return result
    }

    /// A reader is done copying; wakes a writer waiting for the last one.
    @inlinable
    func leave() {
        let previous = word.wrappingSubtract(Self.reader, ordering: .releasing).oldValue
        if previous & Self.writerWaiting != 0 { wakeWriter() }
    }

    @usableFromInline
    func wakeWriter() {
        ParkingLot.shared.wakeAll(on: bucketKey)
    }
}
