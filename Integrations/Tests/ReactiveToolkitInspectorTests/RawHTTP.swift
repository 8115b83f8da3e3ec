import Foundation
import IntegrationsTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A bare HTTP/1.1 client over a blocking loopback socket: sends exactly the bytes given (any
/// Host or Origin), reads the answer until the server closes or the deadline passes.
enum RawHTTP {
    struct Answer {
        var status: Int
        var text: String
    }

    /// Connects to 127.0.0.1:port; `nil` if it cannot.
    static func connect(port: Int) -> Int32? {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
        #else
        return nil
        #endif
    }

    /// Sends one request (closing the connection after it) and reads the answer, on a thread of
    /// its own: the blocking socket must not hold one of the cooperative pool's threads.
    static func request(port: Int, _ text: String) async -> Answer? {
        await onOwnThread { blockingRequest(port: port, text) }
    }

    private static func blockingRequest(port: Int, _ text: String) -> Answer? {
        guard let fd = connect(port: port) else { return nil }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        let answer = readAll(fd)
        let head = answer.split(separator: " ", maxSplits: 2)
        guard head.count >= 2, let status = Int(head[1]) else { return nil }
        return Answer(status: status, text: answer)
    }

    /// Reads until the peer closes (or the receive timeout).
    static func readAll(_ fd: Int32) -> String {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            data += buffer[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether the peer closed the connection within the socket's receive timeout (waited for on
    /// a thread of its own).
    static func closedByPeer(_ fd: Int32) async -> Bool {
        await onOwnThread {
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, 0) == 0
        }
    }
}
