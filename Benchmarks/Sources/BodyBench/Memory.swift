import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's resident memory: current and peak (Linux `/proc/self/status`; elsewhere
/// `getrusage`'s maximum, which cannot be reset, so the peak then covers the whole run).
enum Memory {
    static func residentBytes() -> Int {
        #if os(Linux)
        return statusField("VmRSS:")
        #else
        return peakResidentBytes()
        #endif
    }

    static func peakResidentBytes() -> Int {
        #if os(Linux)
        return statusField("VmHWM:")
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #endif
    }

    /// Sets the peak back to the current resident size (Linux: writing 5 to `clear_refs`).
    static func resetPeak() {
        #if os(Linux)
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return }
        _ = write(fd, "5", 1)
        close(fd)
        #endif
    }

    private static func statusField(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let fields = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            let kilobytes = fields.first.flatMap { Int($0) } ?? 0
            return kilobytes * 1024
        }
        return 0
    }
}

/// A value behind a lock, for the benchmark's own bookkeeping.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched with `lock` held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
