import TestSupport
import Foundation
import LoadingState
import StreamCore
import Testing

/// A connection that answers from a dictionary, counting requests (for flow tests that do not
/// need a socket).
final class FixtureConnection: Connection {
    let baseURL = URL(string: "http://fixture.test/")!
    let bodies: [String: Data]
    let requests = Box<[String]>([])

    init(_ bodies: [String: String]) {
        self.bodies = bodies.mapValues { Data($0.utf8) }
    }

    func data(for resource: Resource) -> Signal<Data, FlowError> {
        Signal { [self] observer in
            requests.mutate { $0.append(resource.path) }
            if let body = bodies[resource.path] {
                observer.receive(lastElement: body)
            } else {
                observer.on(.failed(.httpStatus(404, body: Data())))
            }
            return NonDisposable.instance
        }
    }
}

@Suite struct ConnectionTests {
    @Test func aCustomConnectionCarriesADefaultFlow() {
        let connection = FixtureConnection(["a": #"{"name":"Ann"}"#])
        let flow: ResourceFlow<Author> = createFlow(
            connection: connection, configuration: FlowConfiguration(checksReachability: false))
        #expect(result(flow.fetchFromNetwork(Resource(path: "a"))).elements == [Author(name: "Ann")])
        #expect(connection.requests.value == ["a"])
    }
}
