#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An identifier of the calling thread, for telling a re-entrant call from a concurrent one.
package enum ThreadIdentity {
    /// The calling thread's identifier; never 0.
    package static var current: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #elseif canImport(Musl)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
