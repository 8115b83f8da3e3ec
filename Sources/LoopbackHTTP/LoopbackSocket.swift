// Socket plumbing shared by the demo's embedded catalogue server and the LoadingState tests' HTTP
// server: an internal target (no product), not part of the toolkit's API.
public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux)
private let streamSocketType = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocketType = SOCK_STREAM
#endif

/// Minimal HTTP/1.1 over loopback TCP sockets: binding, reading a request head, writing a
/// response. Blocking calls, for servers that run one thread per connection.
public enum LoopbackSocket {
    /// A TCP socket bound to 127.0.0.1 on a free port (the kernel's choice), not listening.
    ///
    /// - Returns: The socket and the port it is bound to.
    /// - Throws: `POSIXError` when no socket can be created or bound.
    public static func boundSocket() throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, streamSocketType, 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Reads a request head (and a body of its `Content-Length`, which is discarded) and returns
    /// the request target, e.g. `/movies?page=2`; `nil` for a malformed or cut-off request.
    ///
    /// - Parameter client: The connected socket.
    /// - Returns: The request target.
    public static func readRequestTarget(_ client: Int32) -> String? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil, buffer.count < 1 << 16 {
            let count = recv(client, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            if buffer.count >= 4 {
                headEnd = (0...(buffer.count - 4)).first { Array(buffer[$0..<($0 + 4)]) == terminator }
            }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        let length =
            lines.dropFirst().compactMap { line -> Int? in
                let pair = line.split(separator: ":", maxSplits: 1)
                guard pair.count == 2, pair[0].lowercased() == "content-length" else { return nil }
                return Int(pair[1].trimmingCharacters(in: .whitespaces))
            }.first ?? 0
        var bodyCount = buffer.count - headEnd - 4
        while bodyCount < length {
            let count = recv(client, &chunk, chunk.count, 0)
            if count <= 0 { break }
            bodyCount += count
        }
        return String(parts[1])
    }

    /// Writes a complete JSON response that closes the connection.
    ///
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - body: The response body.
    ///   - client: The connected socket.
    public static func respond(status: Int, body: Data, to client: Int32) {
        var head = "HTTP/1.1 \(status) \(reason(status))\r\n"
        head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        sendAll(client, Data(head.utf8) + body)
    }

    /// Sends every byte unless the peer goes away (no SIGPIPE).
    ///
    /// - Parameters:
    ///   - client: The connected socket.
    ///   - data: The bytes to send.
    /// - Returns: Whether every byte was sent.
    @discardableResult
    public static func sendAll(_ client: Int32, _ data: Data) -> Bool {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        return data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = send(client, base + offset, raw.count - offset, flags)
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// The reason phrase for the statuses these servers use.
    ///
    /// - Parameter status: The HTTP status code.
    /// - Returns: Its reason phrase.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }
}
