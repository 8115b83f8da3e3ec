// orders-service: the example orders service (see README.md).
//
//     orders-service [--port N] [--catalog-port N] [--data-dir PATH] [--payment-delay-ms N]
//                    [--heartbeat-ms N] [--shutdown-deadline-ms N] [--log-level LEVEL]
//
// The first line on standard output is the bound address (`listening on http://127.0.0.1:PORT`).
// SIGTERM and SIGINT shut down gracefully; the last lines report what the shutdown cancelled.
import Foundation
import Logging
import OrdersService

@main
enum OrdersServiceCommand {
    static let usage = """
        usage: orders-service [--port N] [--catalog-port N] [--data-dir PATH] [--payment-delay-ms N]
                              [--heartbeat-ms N] [--shutdown-deadline-ms N] [--log-level LEVEL]
        """

    static func main() async {
        let configuration = parse(Array(CommandLine.arguments.dropFirst()))
        let server = OrdersServer(configuration: configuration)
        let announce = Task {
            say("listening on \(await server.boundAddress().absoluteString)")
        }
        do {
            try await server.run { report in
                let cancelled = report.cancelledEffects
                let list = cancelled.isEmpty ? "" : ": " + cancelled.joined(separator: ", ")
                say("shutdown: waited \(report.waited), cancelled \(cancelled.count) effect(s)\(list)")
            }
        } catch {
            FileHandle.standardError.write(Data("orders-service: \(error)\n".utf8))
            exit(1)
        }
        announce.cancel()
        let orders = server.store.state.orders.values
        say("stopped: \(orders.count) order(s), \(orders.filter { $0.status == .paid }.count) paid")
    }

    /// Writes a line to standard output at once (unbuffered: a parent process reads the address
    /// as soon as it is printed).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("orders-service: \(message)\n\(usage)\n".utf8))
        exit(2)
    }

    static func parse(_ arguments: [String]) -> OrdersServerConfiguration {
        var configuration = OrdersServerConfiguration(
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("orders-service", isDirectory: true)
        )
        var remaining = arguments[...]
        func integer(_ name: String, in range: ClosedRange<Int>) -> Int {
            guard let text = remaining.popFirst(), let value = Int(text), range.contains(value) else {
                fail("\(name) needs a number in \(range.lowerBound)...\(range.upperBound)")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--port": configuration.port = integer(argument, in: 0...65_535)
            case "--catalog-port": configuration.catalogPort = integer(argument, in: 0...65_535)
            case "--data-dir":
                guard let path = remaining.popFirst() else { fail("--data-dir needs a path") }
                configuration.dataDirectory = URL(fileURLWithPath: path, isDirectory: true)
            case "--payment-delay-ms": configuration.paymentDelay = .milliseconds(integer(argument, in: 0...600_000))
            case "--heartbeat-ms": configuration.heartbeat = .milliseconds(integer(argument, in: 10...600_000))
            case "--shutdown-deadline-ms":
                configuration.shutdownDeadline = .milliseconds(integer(argument, in: 0...600_000))
            case "--log-level":
                guard let text = remaining.popFirst(), let level = Logger.Level(rawValue: text) else {
                    fail("--log-level needs one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                configuration.logger.logLevel = level
            case "--help", "-h":
                say(usage)
                exit(0)
            default:
                fail("unknown argument \(argument)")
            }
        }
        return configuration
    }
}
