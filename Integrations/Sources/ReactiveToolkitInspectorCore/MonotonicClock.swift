#if canImport(Darwin)
public import Darwin
#elseif canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#endif

/// The monotonic clock the recorder times reducers with: `clock_gettime(CLOCK_MONOTONIC)`, read
/// twice per action, so read straight rather than through a wrapper type.
@usableFromInline
enum MonotonicClock {
    /// Nanoseconds since an arbitrary start (the machine's boot).
    @inlinable
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
