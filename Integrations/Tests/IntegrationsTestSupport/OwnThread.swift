import Foundation

/// Runs `body` on a thread of its own and awaits its result.
///
/// For the blocking calls tests make (reading a child process's output to its end, a blocking
/// socket, waiting for a script): on the cooperative pool (two threads on a two-core machine) two
/// of them at once would stall every other test in the process until they return.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.start()
    }
}

/// ``onOwnThread(_:)`` for a body that cannot throw.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread {
            continuation.resume(returning: body())
        }
        thread.start()
    }
}
