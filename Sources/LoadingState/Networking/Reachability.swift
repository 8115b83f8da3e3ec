public import Foundation

/// A check that runs before a flow's network request: can the host be reached at all?
///
/// A flow whose check says no fails with ``FlowError/notReachable(host:)`` without sending the
/// request. Plug in your own (for example `NWPathMonitor`'s current path on Apple platforms):
///
/// ```swift
/// let reachability = Reachability { url in monitor.currentPath.status == .satisfied }
/// ```
public struct Reachability: Sendable {
    private let check: @Sendable (URL) -> Bool

    /// Creates a check from a closure.
    ///
    /// - Parameter check: Returns whether the URL's host can be reached; called once per request,
    ///   on the observing thread, so it should be quick.
    public init(_ check: @escaping @Sendable (URL) -> Bool) {
        self.check = check
    }

    /// Whether `url`'s host can be reached.
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The check's answer.
    public func isReachable(_ url: URL) -> Bool {
        check(url)
    }

    /// A check that always says yes (reachability off).
    public static let always = Reachability { _ in true }

    /// The default check, on Linux and Apple platforms: the host is reachable when a network
    /// interface that could carry the traffic is up and running — the loopback interface for
    /// `localhost`/`127.x`/`::1`, otherwise any non-loopback interface with an IPv4 or IPv6
    /// address (read with `getifaddrs`).
    ///
    /// It answers "is there a network at all", not "will this server answer"; the request's own
    /// errors cover the rest.
    public static let networkInterfaces = Reachability { url in
        let interfaces = NetworkInterface.current()
        if NetworkInterface.isLoopbackHost(url.host ?? "") {
            return interfaces.contains { $0.isLoopback && $0.isUp }
        }
        return interfaces.contains { !$0.isLoopback && $0.isUp && $0.hasInternetAddress }
    }
}

/// A snapshot of one network interface, read with `getifaddrs`.
struct NetworkInterface: Sendable {
    var name: String
    var isUp: Bool
    var isLoopback: Bool
    var hasInternetAddress: Bool

    /// The interfaces with at least one address; empty when `getifaddrs` fails.
    static func current() -> [NetworkInterface] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var result: [NetworkInterface] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            let flags = Int32(truncatingIfNeeded: entry.pointee.ifa_flags)
            let family = entry.pointee.ifa_addr.map { Int32(truncatingIfNeeded: $0.pointee.sa_family) }
            result.append(
                NetworkInterface(
                    name: String(cString: entry.pointee.ifa_name),
                    isUp: flags & Int32(IFF_UP) != 0 && flags & Int32(IFF_RUNNING) != 0,
                    isLoopback: flags & Int32(IFF_LOOPBACK) != 0,
                    hasInternetAddress: family == Int32(AF_INET) || family == Int32(AF_INET6)))
            cursor = entry.pointee.ifa_next
        }
        return result
    }

    /// Whether a host name or address stays on this machine.
    static func isLoopbackHost(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host == "localhost" || host.hasPrefix("127.") || host == "::1"
    }
}
