#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// An identifier of the calling thread, for telling a re-entrant call from a concurrent one.
@usableFromInline
package enum ThreadIdentity {
    /// The calling thread's identifier; never 0.
    @inlinable
    package static var current: UInt {
        // `pthread_t` is a pointer on Darwin and Musl and a `UInt` on Glibc: its bits, portably
        // (one spelling for every platform, so the code Apple platforms compile is compiled here).
        withUnsafeBytes(of: pthread_self()) { $0.load(as: UInt.self) }
    }
}
