#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls a ``FileJournal`` makes: each retries `EINTR` and reports failure as a
/// ``JournalError/io(operation:path:errno:)``. No call here runs user code.
enum JournalFiles {
    /// Opens (creating) `path` for appending.
    static func openForAppend(_ path: String) throws(JournalError) -> Int32 {
        let fd = retrying { open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        return fd
    }

    /// Writes all of `bytes` to `fd`.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(JournalError) {
        var offset = 0
        while offset < bytes.count {
            let written = retrying { write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { throw .io(operation: "write", path: path, errno: written == 0 ? EIO : errno) }
            offset += written
        }
    }

    /// Writes all of `bytes` to `fd`.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(JournalError) {
        try bytes.withUnsafeBytes { buffer -> Result<Void, JournalError> in
            do throws(JournalError) {
                try writeAll(fd, buffer, path: path)
                return .success(())
            } catch {
                return .failure(error)
            }
        }.get()
    }

    /// Flushes `fd` to the disk.
    static func sync(_ fd: Int32, path: String) throws(JournalError) {
        guard retrying({ fsync(fd) }) == 0 else { throw .io(operation: "fsync", path: path, errno: errno) }
    }

    /// Cuts `fd`'s file to `length` bytes.
    static func truncate(_ fd: Int32, to length: UInt64, path: String) throws(JournalError) {
        guard retrying({ ftruncate(fd, off_t(length)) }) == 0 else {
            throw .io(operation: "ftruncate", path: path, errno: errno)
        }
    }

    /// Makes the folder's entries (a rename, a new file) durable.
    static func syncDirectory(_ path: String) throws(JournalError) {
        let fd = retrying { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        try sync(fd, path: path)
    }

    /// Writes `bytes` to `temporary`, syncs it if asked, and renames it over `path`: readers see
    /// the old file or the new one, never a mix.
    static func replace(
        _ path: String, with bytes: [UInt8], through temporary: String, sync shouldSync: Bool
    )
        throws(JournalError)
    {
        let fd = retrying { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw .io(operation: "open", path: temporary, errno: errno) }
        do throws(JournalError) {
            try writeAll(fd, bytes, path: temporary)
            if shouldSync { try sync(fd, path: temporary) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .io(operation: "rename", path: path, errno: code)
        }
    }

    /// The whole file, or `nil` if it does not exist; refuses files over `limit` bytes.
    static func read(_ path: String, limit: Int, kind: String) throws(JournalError) -> [UInt8]? {
        let fd = retrying { open(path, O_RDONLY | O_CLOEXEC) }
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .io(operation: "open", path: path, errno: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(operation: "fstat", path: path, errno: errno) }
        let size = Int(info.st_size)
        guard size <= limit else { throw .tooLarge(kind: kind, bytes: size, limit: limit) }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                retrying { pread(fd, buffer.baseAddress! + offset, size - offset, off_t(offset)) }
            }
            guard count >= 0 else { throw .io(operation: "read", path: path, errno: errno) }
            if count == 0 { break }
            offset += count
        }
        return offset == size ? bytes : Array(bytes[..<offset])
    }

    /// The bytes of `path` in `start..<end` (a journal's records, for compaction).
    static func read(_ path: String, from start: UInt64, to end: UInt64) throws(JournalError) -> [UInt8] {
        guard end > start else { return [] }
        let fd = retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        let size = Int(end - start)
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                retrying { pread(fd, buffer.baseAddress! + offset, size - offset, off_t(start) + off_t(offset)) }
            }
            guard count > 0 else { throw .io(operation: "read", path: path, errno: count == 0 ? EIO : errno) }
            offset += count
        }
        return bytes
    }

    /// Creates the folder if needed, and takes an exclusive lock on its lock file (released when
    /// the process ends, however it ends), retrying every 5 ms for up to `wait` while it is taken.
    static func lockFolder(_ folder: String, wait: Duration) throws(JournalError) -> Int32 {
        if mkdir(folder, 0o755) != 0, errno != EEXIST { throw .io(operation: "mkdir", path: folder, errno: errno) }
        let path = folder + "/lock"
        let fd = retrying { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: wait)
        while retrying({ flock(fd, LOCK_EX | LOCK_NB) }) != 0 {
            let code = errno
            if code == EWOULDBLOCK, clock.now < deadline {
                usleep(5_000)
                continue
            }
            close(fd)
            if code == EWOULDBLOCK { throw .locked(path: folder) }
            throw .io(operation: "flock", path: path, errno: code)
        }
        return fd
    }

    /// Removes `path` if it exists (a temporary file left by a crash).
    static func removeIfPresent(_ path: String) {
        unlink(path)
    }

    /// Closes a descriptor.
    static func close(_ fd: Int32) {
        closeDescriptor(fd)
    }

    private static func retrying<R: BinaryInteger>(_ call: () -> R) -> R {
        while true {
            let result = call()
            if result < 0, errno == EINTR { continue }
            return result
        }
    }
}

/// Closes a descriptor: the C library's `close`, named at file scope where `JournalFiles.close`
/// does not hide it (so no per-platform module name is needed).
private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
