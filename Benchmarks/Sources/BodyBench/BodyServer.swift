import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server on 127.0.0.1 that answers every request with a large body (64 KiB blocks
/// generated on the fly, so the server holds no body), framed by `Content-Length` (path
/// `/length`) or by `Transfer-Encoding: chunked` (path `/chunked`); `/small` answers 1 KiB. One thread per connection;
/// it stops sending when the client hangs up and counts the body bytes it sent.
final class BodyServer: @unchecked Sendable {
    // @unchecked Sendable: `sent` and `active` are only touched with `condition` locked.
    enum Framing: String {
        case contentLength = "length"
        case chunked = "chunked"
    }

    let port: UInt16
    let bodySize: Int
    private let listener: Int32
    private let condition = NSCondition()
    private var sent = 0
    private var active = 0
    private static let block = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    init(bodySize: Int) throws {
        self.bodySize = bodySize
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Body bytes sent so far, over all responses (chunk framing not counted).
    var bodyBytesSent: Int { condition.withLock { sent } }

    /// Waits until no response is being sent (the client hung up or the body ended).
    func waitUntilIdle() {
        condition.lock()
        while active > 0 { condition.wait() }
        condition.unlock()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            condition.withLock { active += 1 }
            Thread.detachNewThread { [self] in
                serve(client)
                close(client)
                condition.lock()
                active -= 1
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    private func serve(_ client: Int32) {
        guard let target = readRequestTarget(client) else { return }
        let framing: Framing = target.hasPrefix("/chunked") ? .chunked : .contentLength
        let bodySize = target.hasPrefix("/small") ? 1024 : self.bodySize
        var head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n"
        head += framing == .chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(bodySize)\r\n\r\n"
        guard send(client, Array(head.utf8)) else { return }
        var remaining = bodySize
        while remaining > 0 {
            let count = min(remaining, Self.block.count)
            let piece = Self.block[0..<count]
            if framing == .chunked {
                guard send(client, Array((String(count, radix: 16) + "\r\n").utf8)),
                    send(client, Array(piece)), send(client, Array("\r\n".utf8))
                else { return }
            } else {
                guard send(client, Array(piece)) else { return }
            }
            remaining -= count
            condition.withLock { sent += count }
        }
        if framing == .chunked { _ = send(client, Array("0\r\n\r\n".utf8)) }
    }

    private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(client, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private func readRequestTarget(_ client: Int32) -> String? {
        var head = [UInt8]()
        var byte: UInt8 = 0
        while head.count < 16 * 1024 {
            guard read(client, &byte, 1) == 1 else { return nil }
            head.append(byte)
            if head.count >= 4, head.suffix(4) == [13, 10, 13, 10] { break }
        }
        let line = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }
}
