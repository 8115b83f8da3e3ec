import Foundation
@testable import LoadingState
import Testing

@Suite struct ReachabilityTests {
    @Test func loopbackIsReachableThroughTheInterfaces() {
        #expect(Reachability.networkInterfaces.isReachable(URL(string: "http://127.0.0.1:8080/")!))
        #expect(Reachability.networkInterfaces.isReachable(URL(string: "http://localhost/")!))
    }

    @Test func interfacesAreReadFromTheSystem() {
        #expect(NetworkInterface.current().contains { $0.isLoopback && $0.isUp })
    }

    @Test func loopbackHostsAreRecognised() {
        #expect(NetworkInterface.isLoopbackHost("127.0.0.1"))
        #expect(NetworkInterface.isLoopbackHost("[::1]"))
        #expect(!NetworkInterface.isLoopbackHost("example.com"))
    }

    @Test func customAndAlwaysChecks() {
        let never = Reachability { _ in false }
        #expect(!never.isReachable(URL(string: "http://x/")!))
        #expect(Reachability.always.isReachable(URL(string: "http://x/")!))
    }
}
