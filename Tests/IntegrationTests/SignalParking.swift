#if canImport(Glibc)
import Glibc

/// Stops one thread wherever it is, with a signal: SIGUSR1's handler posts ``parked`` and waits
/// on ``released``, two unnamed POSIX semaphores (`sem_post` is async-signal-safe; the handler
/// keeps `errno`). Nothing else in the repository uses SIGUSR1, and ``park(_:)`` aims it at one
/// thread with `pthread_kill`, so tests running beside it in the process are not touched.
///
/// Linux only: Apple platforms have no unnamed POSIX semaphores (`sem_init` fails there).
enum SignalParking {
    /// The signal the handler is installed for.
    static let signal = SIGUSR1

    // nonisolated(unsafe): the semaphores are only used through the C calls, which synchronise
    // themselves; both are created (by `install`) before the handler can run, so the handler
    // never runs their lazy initialiser.
    /// Posted by the handler once the thread is parked.
    nonisolated(unsafe) static let parked: UnsafeMutablePointer<sem_t> = makeSemaphore()
    /// Posted by the test to let the parked thread go on.
    nonisolated(unsafe) static let released: UnsafeMutablePointer<sem_t> = makeSemaphore()

    private static func makeSemaphore() -> UnsafeMutablePointer<sem_t> {
        let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
        return semaphore
    }

    /// Installs the parking handler and returns the action it replaced (for ``restore(_:)``),
    /// or `nil` if `sigaction` failed.
    static func install() -> sigaction? {
        _ = parked
        _ = released
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let saved = errno
            sem_post(SignalParking.parked)
            while sem_wait(SignalParking.released) != 0 && errno == EINTR {}
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var old = sigaction()
        return sigaction(signal, &action, &old) == 0 ? old : nil
    }

    /// Puts back the action ``install()`` replaced.
    static func restore(_ old: sigaction) {
        var old = old
        sigaction(signal, &old, nil)
    }

    /// Lets the signal through on the calling thread. A thread inherits its creator's signal
    /// mask, and the threads Swift Testing runs tests on (dispatch workers) block every signal,
    /// so a thread a test starts must call this before it can be parked.
    static func acceptOnThisThread() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Sends the signal to `thread` and waits until it is parked in the handler.
    ///
    /// - Returns: Whether it parked within `seconds`. If not, the signal is still pending: the
    ///   caller must ``release()`` anyway, so that the late park passes straight through.
    static func park(_ thread: pthread_t, within seconds: Int) -> Bool {
        guard pthread_kill(thread, signal) == 0 else { return false }
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += seconds
        while sem_timedwait(parked, &deadline) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Lets the parked thread go on (or lets a pending park pass straight through).
    static func release() {
        sem_post(released)
    }

    /// Empties both semaphores between rounds (after a park that came late, say).
    static func drain() {
        while sem_trywait(parked) == 0 {}
        while sem_trywait(released) == 0 {}
    }

    /// Whether this process runs under ThreadSanitizer (its runtime exports `__tsan_init`). Swift
    /// has no compilation condition for sanitizers, so this is asked at run time.
    static var underThreadSanitizer: Bool {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(process) }
        return dlsym(process, "__tsan_init") != nil
    }
}
#endif
