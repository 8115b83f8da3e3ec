// orders-service: the example orders service (see README.md).
//
//     orders-service [--port N] [--catalog-port N] [--data-dir PATH] [--payment-delay-ms N]
//                    [--heartbeat-ms N] [--shutdown-deadline-ms N] [--log-level LEVEL]
//                    [--idle-timeout-ms N] [--max-connections N]
//                    [--postgres URL] [--journal NAME] [--effects on|off|leased] [--lease-ms N]
//                    [--inspector-port N] [--inspector-token TOKEN] [--inspector-history N]
//                    [--inspector-bytes N] [--inspector-seed N] [--inspect-log snapshot|start]
//
// Environment (the command line wins): ORDERS_IDLE_TIMEOUT_MS, ORDERS_MAX_CONNECTIONS,
// ORDERS_POSTGRES_URL, ORDERS_JOURNAL, ORDERS_EFFECTS, ORDERS_LEASE_MS, ORDERS_INSPECTOR_PORT.
//
// With --inspector-port, the second line on standard output is the store inspector's address,
// with its access token (`inspector on http://127.0.0.1:PORT/?token=…`).
//
// With --inspect-log (and --postgres), no service runs: the shared store's log is read
// read-only, replayed, and served by the store inspector (a post-mortem); the only line on
// standard output is `inspector on …`, and SIGTERM or SIGINT stops it.
//
// The first line on standard output is the bound address (`listening on http://127.0.0.1:PORT`);
// the limits, the store and the effects setting are written to standard error at start.
// SIGTERM and SIGINT shut down gracefully; the last lines report what the shutdown cancelled.
import Foundation
import Logging
import OrdersService
import ReactiveToolkitInspector

@main
enum OrdersServiceCommand {
    static let usage = """
        usage: orders-service [--port N] [--catalog-port N] [--data-dir PATH] [--payment-delay-ms N]
                              [--heartbeat-ms N] [--shutdown-deadline-ms N] [--log-level LEVEL]
                              [--idle-timeout-ms N] [--max-connections N]
                              [--postgres postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE] [--journal NAME]
                              [--effects on|off|leased] [--lease-ms N]
                              [--inspector-port N] [--inspector-token TOKEN] [--inspector-history N]
                              [--inspector-bytes N] [--inspector-seed N] [--inspect-log snapshot|start]
        environment (the command line wins): ORDERS_IDLE_TIMEOUT_MS, ORDERS_MAX_CONNECTIONS,
                              ORDERS_POSTGRES_URL, ORDERS_JOURNAL, ORDERS_EFFECTS, ORDERS_LEASE_MS,
                              ORDERS_INSPECTOR_PORT
        """

    /// The options the environment sets, as arguments placed before the command line's.
    static let environmentOptions = [
        ("ORDERS_IDLE_TIMEOUT_MS", "--idle-timeout-ms"), ("ORDERS_MAX_CONNECTIONS", "--max-connections"),
        ("ORDERS_POSTGRES_URL", "--postgres"), ("ORDERS_JOURNAL", "--journal"), ("ORDERS_EFFECTS", "--effects"),
        ("ORDERS_LEASE_MS", "--lease-ms"), ("ORDERS_INSPECTOR_PORT", "--inspector-port"),
    ]

    static func main() async {
        let environment = ProcessInfo.processInfo.environment
        let fromEnvironment = environmentOptions.flatMap { variable, option in
            environment[variable].map { [option, $0] } ?? []
        }
        let configuration = parse(fromEnvironment + Array(CommandLine.arguments.dropFirst()))
        if let start = configuration.inspectLog {
            await postMortem(configuration, from: start)
            return
        }
        let server: OrdersServer
        do {
            server = try await OrdersServer(configuration: configuration)
        } catch {
            FileHandle.standardError.write(Data("orders-service: could not open the shared store: \(error)\n".utf8))
            exit(1)
        }
        FileHandle.standardError.write(Data("orders-service: \(server.startupDescription)\n".utf8))
        let inspector: InspectorServer?
        do {
            inspector = try await server.startInspector()
        } catch {
            FileHandle.standardError.write(Data("orders-service: could not start the store inspector: \(error)\n".utf8))
            exit(1)
        }
        let announce = Task {
            say("listening on \(await server.boundAddress().absoluteString)")
            if let inspector { say("inspector on \(inspector.url.absoluteString)") }
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
        await inspector?.stop()
        let orders = server.store.state.orders.values
        say("stopped: \(orders.count) order(s), \(orders.filter { $0.status == .paid }.count) paid")
    }

    /// Serves the shared store's log in the store inspector until SIGTERM or SIGINT.
    static func postMortem(_ configuration: OrdersServerConfiguration, from start: LogStart) async {
        guard configuration.postgres != nil else { fail("--inspect-log needs --postgres") }
        let server: InspectorServer
        do {
            server = try await PostMortem.serve(configuration, from: start)
        } catch {
            FileHandle.standardError.write(Data("orders-service: could not read the log: \(error)\n".utf8))
            exit(1)
        }
        say("inspector on \(server.url.absoluteString)")
        let stop = AsyncStream<Void>.makeStream()
        let sources = [SIGTERM, SIGINT].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stop.continuation.yield() }
            source.resume()
            return source
        }
        for await _ in stop.stream { break }
        sources.forEach { $0.cancel() }
        await server.stop()
        say("stopped")
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
        var postgresURL: String?
        var journalName = "orders"
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
            case "--idle-timeout-ms":
                configuration.idleTimeout = .milliseconds(integer(argument, in: 10...3_600_000))
            case "--max-connections": configuration.maximumConnections = integer(argument, in: 1...1_000_000)
            case "--postgres":
                guard let url = remaining.popFirst() else { fail("--postgres needs a postgres:// URL") }
                postgresURL = url.isEmpty ? nil : url
            case "--journal":
                guard let name = remaining.popFirst() else { fail("--journal needs a name") }
                journalName = name
            case "--effects":
                guard let text = remaining.popFirst(), let mode = EffectsMode(rawValue: text) else {
                    fail("--effects needs on, off or leased")
                }
                configuration.effects = mode
            case "--lease-ms": configuration.leaseDuration = .milliseconds(integer(argument, in: 100...3_600_000))
            case "--inspector-port": configuration.inspectorPort = integer(argument, in: 0...65_535)
            case "--inspector-token":
                guard let token = remaining.popFirst(), !token.isEmpty else { fail("--inspector-token needs a token") }
                configuration.inspectorToken = token
            case "--inspector-history": configuration.inspectorHistory = integer(argument, in: 1...10_000_000)
            case "--inspector-bytes": configuration.inspectorBytes = integer(argument, in: 1...(1 << 40))
            case "--inspector-seed": configuration.inspectorSeed = integer(argument, in: 0...10_000_000)
            case "--inspect-log":
                guard let text = remaining.popFirst(), let start = LogStart(rawValue: text) else {
                    fail("--inspect-log needs snapshot or start")
                }
                configuration.inspectLog = start
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
        if let postgresURL {
            do throws(BadRequest) {
                configuration.postgres = try PostgresSettings(url: postgresURL, journalName: journalName)
            } catch {
                fail("--postgres: \(error.message)")
            }
        }
        return configuration
    }
}
