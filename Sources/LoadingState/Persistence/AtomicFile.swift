import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic file replacement with POSIX calls: a locked temporary file beside the target, renamed
/// over it; temporary files of writers that died (killed mid-save) are removed by the next write.
///
/// A temporary file is named `.<target name>.<random>.tmp` and its writer holds an exclusive
/// `flock` on it from creation until after the rename. The kernel drops the lock when the writer's
/// process dies, so a temporary file that can be locked belongs to nobody and is deleted. A writer
/// whose fresh file was deleted by such a sweep before it took the lock sees the file unlinked
/// (`st_nlink == 0`) and starts over with a new name.
enum AtomicFile {
    /// The `errno` of a failed call, as a message with the call and the path.
    struct Failure: Swift.Error {
        var message: String

        init(_ call: String, _ path: String, code: Int32 = errno) {
            message = "\(call)(\(path)): \(String(cString: strerror(code))) (errno \(code))"
        }
    }

    /// Replaces the file at `url` with `data`.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - url: The target file; its folder must exist.
    ///   - syncs: `fsync` the file before the rename and the folder after it.
    static func replaceContents(of url: URL, with data: Data, syncs: Bool) throws(Failure) {
        let folder = url.deletingLastPathComponent().path
        removeStaleTemporaryFiles(of: url)
        let (fd, temporary) = try createLockedTemporaryFile(for: url)
        defer { close(fd) }  // after the rename: the lock is held until then
        do throws(Failure) {
            try writeAll(data, to: fd, path: temporary)
            if syncs, fsync(fd) != 0 { throw Failure("fsync", temporary) }
            guard rename(temporary, url.path) == 0 else { throw Failure("rename", url.path) }
        } catch {
            unlink(temporary)
            throw error
        }
        if syncs { try syncFolder(folder) }
    }

    /// The prefix and suffix of `url`'s temporary files.
    static func temporaryNameParts(of url: URL) -> (prefix: String, suffix: String) {
        ("." + url.lastPathComponent + ".", ".tmp")
    }

    /// Deletes `url`'s temporary files that no live writer holds (left by killed saves).
    static func removeStaleTemporaryFiles(of url: URL) {
        let folder = url.deletingLastPathComponent()
        let (prefix, suffix) = temporaryNameParts(of: url)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            let path = folder.appendingPathComponent(name).path
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
            close(fd)
        }
    }

    /// Creates, locks and checks a new temporary file; retries when a sweep deleted it first.
    private static func createLockedTemporaryFile(for url: URL) throws(Failure) -> (Int32, String) {
        let (prefix, suffix) = temporaryNameParts(of: url)
        let folder = url.deletingLastPathComponent()
        var attempts = 0
        while true {
            attempts += 1
            let path = folder.appendingPathComponent(prefix + UUID().uuidString + suffix).path
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw Failure("open", path) }
            guard flock(fd, LOCK_EX) == 0 else {
                let failure = Failure("flock", path)
                close(fd)
                unlink(path)
                throw failure
            }
            var info = stat()
            if fstat(fd, &info) == 0, info.st_nlink > 0 { return (fd, path) }
            // A sweep took the lock between our open and flock and deleted the file.
            close(fd)
            if attempts >= 8 { throw Failure("open", path, code: EAGAIN) }
        }
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws(Failure) {
        let failed: Int32? = data.withUnsafeBytes { raw in
            guard var base = raw.baseAddress else { return nil }
            var remaining = raw.count
            while remaining > 0 {
                let written = write(fd, base, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                base += written
                remaining -= written
            }
            return nil
        }
        if let failed { throw Failure("write", path, code: failed) }
    }

    private static func syncFolder(_ folder: String) throws(Failure) {
        let fd = open(folder, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard fd >= 0 else { throw Failure("open", folder) }
        defer { close(fd) }
        if fsync(fd) != 0 { throw Failure("fsync", folder) }
    }
}
