#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
    // @unchecked Sendable: `word` is atomic; `waitingReaders` and `writer` are guarded by
    // `mutex`; the condition variables are used only with `mutex` held.
    @usableFromInline static var writing: Int { 1 }
    @usableFromInline static var readersWaiting: Int { 2 }
    @usableFromInline static var writerWaiting: Int { 4 }
    @usableFromInline static var reader: Int { 8 }

    @usableFromInline
    let word = Atomic<Int>(0)
    private let mutex = PThreadMutex()
    private let readerTurn: UnsafeMutablePointer<pthread_cond_t>
    private let writerTurn: UnsafeMutablePointer<pthread_cond_t>
    /// The thread running the reducer (meaningful while `writing` is set), so that a reducer
    /// reading its own store is never made to wait for itself.
    @usableFromInline
    let writer = Atomic<UInt>(0)
    /// Readers blocked until the running reducer returns. Mutex.
    private var waitingReaders = 0

    init() {
        readerTurn = .allocate(capacity: 1)
        readerTurn.initialize(to: pthread_cond_t())
        pthread_cond_init(readerTurn, nil)
        writerTurn = .allocate(capacity: 1)
        writerTurn.initialize(to: pthread_cond_t())
        pthread_cond_init(writerTurn, nil)
    }

    deinit {
        pthread_cond_destroy(readerTurn)
        readerTurn.deallocate()
        pthread_cond_destroy(writerTurn)
        writerTurn.deallocate()
        mutex.deallocate()
    }

    // MARK: Writer (the dispatch-role holder)

    /// Marks the state as being changed. Returns when no reader is copying it.
    @inlinable
    func beginWrite() {
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
        if word.compareExchange(expected: Self.writing, desired: 0, ordering: .releasing).exchanged { return }
        endWriteSlowly()
    }

    @usableFromInline
    func beginWriteSlowly() {
        mutex.lock()
        word.bitwiseOr(Self.writerWaiting, ordering: .relaxed)
        while true {
            let current = word.load(ordering: .acquiring)
            // Readers copying, or readers that were waiting and have not all entered yet.
            if current & ~(Self.writerWaiting) != 0 {
                mutex.wait(on: writerTurn)
                continue
            }
            if word.compareExchange(expected: current, desired: Self.writing, ordering: .acquiringAndReleasing)
                .exchanged
            {
                break
            }
        }
        mutex.unlock()
    }

    @usableFromInline
    func endWriteSlowly() {
        let previous = word.bitwiseAnd(~Self.writing, ordering: .releasing).oldValue
        guard previous & Self.readersWaiting != 0 else { return }
        mutex.lock()
        pthread_cond_broadcast(readerTurn)
        mutex.unlock()
    }

    /// An identifier of the calling thread.
    @usableFromInline
    static var currentThread: UInt {
        // `pthread_t` is a pointer on Darwin and Musl and a `UInt` on Glibc: its bits, portably.
        withUnsafeBytes(of: pthread_self()) { $0.load(as: UInt.self) }
    }

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
        mutex.lock()
        waitingReaders += 1
        word.bitwiseOr(Self.readersWaiting, ordering: .relaxed)
        while word.load(ordering: .acquiring) & Self.writing != 0 {
            mutex.wait(on: readerTurn)
        }
        word.wrappingAdd(Self.reader, ordering: .acquiring)
        waitingReaders -= 1
        if waitingReaders == 0 { word.bitwiseAnd(~Self.readersWaiting, ordering: .relaxed) }
        mutex.unlock()
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
        mutex.lock()
        pthread_cond_signal(writerTurn)
        mutex.unlock()
    }
}
