import Foundation
import HTTPTypes
import Hummingbird
import ReactiveToolkitPostgres
import StoreKitLite
import StreamCore

/// The body of a `POST /actions` answer.
struct ActionOutcomeBody: Encodable {
    /// `accepted`, or `refused`.
    var outcome: String
    /// The state's revision after the action (accepted only).
    var revision: Int?
    /// The order the action created or changed (accepted only).
    var order: Order?
    /// The state the action produced (accepted only; left out when the request asked for
    /// `Prefer: return=minimal`).
    var state: OrdersState?
    /// Why the store refused the action (refused only).
    var error: String?
}

/// Whether a request asked for a minimal answer (RFC 7240: `Prefer: return=minimal`).
func prefersMinimalReturn(_ request: Request) -> Bool {
    request.headers.contains { field in
        field.name.canonicalName == "prefer"
            && field.value.lowercased().split(whereSeparator: { $0 == "," || $0 == ";" })
                .contains { $0.trimmingCharacters(in: .whitespaces) == "return=minimal" }
    }
}

/// The body of `GET /health`.
struct HealthBody: Encodable {
    var status: String
    var acceptingActions: Bool
    var revision: Int
    /// The number of orders.
    var orders: Int
    var catalog: CatalogState.Status
    var eventClients: Int
    var effectsInFlight: Int
    /// StreamCore's live observation count (debug builds; 0 in release builds).
    var liveObservations: Int
    /// StreamCore's live subject-observer count (debug builds; 0 in release builds).
    var liveSubjectObservers: Int
    /// Whether this instance runs the payments (`on`, `off`, or `leased`: while it holds the
    /// effects lease).
    var effects: String
    /// The effects lease (PostgreSQL mode with effects `leased` only).
    var lease: LeaseHealth?
    /// The shared journal (PostgreSQL mode only).
    var database: DatabaseHealth?
}

/// The effects lease's part of `GET /health`.
struct LeaseHealth: Encodable {
    /// Whether this instance holds the lease, and so runs the payments (as far as it knows: a
    /// paused holder learns of a takeover at its next renewal, and is fenced meanwhile).
    var isLeader: Bool
    /// The epoch this instance holds the lease at, while it does.
    var epoch: Int64?

    init(lease: PostgresEffectsLease) {
        isLeader = lease.isLeader
        epoch = lease.epoch
    }
}

/// The shared journal's part of `GET /health`.
struct DatabaseHealth: Encodable {
    /// `connecting`, `connected`, `reconnecting`, `failed` or `closed`.
    var connection: String
    /// Why it is reconnecting or failed.
    var reason: String?
    /// The database's latest failure, nil once the connection works again (503 while set).
    var infrastructureFailure: String?
    /// When that failure happened (ISO 8601).
    var infrastructureFailureDate: String?
    /// The latest action refused for what it is (a client's fault: not a 503).
    var lastRefusal: String?
    /// The sequence number of the last action of the log reduced here.
    var appliedSequence: Int64

    /// Whether the journal can take actions: connected (or opening its first connection) with
    /// no infrastructure failure.
    var isUp: Bool {
        infrastructureFailure == nil && (connection == "connected" || connection == "connecting")
    }

    init(journal: PostgresJournal<OrdersState, OrdersAction>) {
        switch journal.connectionStatus.value {
        case .connecting: connection = "connecting"
        case .connected: connection = "connected"
        case .reconnecting(let attempt, _, let why):
            connection = "reconnecting"
            reason = "attempt \(attempt): \(why)"
        case .failed(let error):
            connection = "failed"
            reason = error.description
        case .closed: connection = "closed"
        }
        let failure = journal.infrastructureFailure
        infrastructureFailure = failure?.error.description
        infrastructureFailureDate = failure.map { ISO8601DateFormatter().string(from: $0.date) }
        lastRefusal = journal.lastRefusal?.error.description
        appliedSequence = journal.appliedSequence
    }
}

extension OrdersServer {
    /// The service's routes.
    func router() -> Router<OrdersRequestContext> {
        let router = Router(context: OrdersRequestContext.self)
        let (store, events, maximumBodySize) = (self.store, self.events, configuration.maximumBodySize)
        let (journal, effects) = (self.journal, configuration.effectsMode)
        let lease = effects == .leased ? journal?.lease : nil

        // An action: 202 with the state it produced, 422 with the store's error, 400 for a bad
        // body. `Prefer: return=minimal` leaves the state out (its size grows with the orders).
        // snippet: ServiceActionRoute
        router.post("actions") { request, _ -> Response in
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: maximumBodySize)
            } catch {
                return json(.contentTooLarge, BadRequest(message: "the body is over \(maximumBodySize) bytes"))
            }
            let command: ClientCommand
            switch ClientCommand.decode(Data(body.readableBytesView)) {
            case .success(let decoded): command = decoded
            case .failure(let badRequest): return json(.badRequest, badRequest)
            }
            do throws(StoreError) {
                let action = command.action
                let state = try await store.send(action)
                let order: Order? =
                    if case .submit = action { state.lastSubmitted } else { action.orderID.flatMap { state.orders[$0] } }
                let minimal = prefersMinimalReturn(request)
                return json(.accepted, ActionOutcomeBody(
                    outcome: "accepted", revision: state.revision, order: order, state: minimal ? nil : state
                ), headers: minimal ? minimalReturnApplied : [:])
            } catch {
                return json(.unprocessableContent, ActionOutcomeBody(outcome: "refused", error: error.description))
            }
        }
        // end

        router.get("state") { _, _ -> Response in
            json(.ok, store.state)
        }

        router.get("events") { _, context -> Response in
            events.response(clientClosed: ClientCloseWatcher.clientClosed(on: context.channel))
        }

        // 503 while the shared journal is down (its database unreachable, or the log stopped).
        router.get("health") { _, _ -> Response in
            let state = store.state
            let database = journal.map(DatabaseHealth.init(journal:))
            let databaseUp = database?.isUp ?? true
            return json(databaseUp ? .ok : .serviceUnavailable, HealthBody(
                status: !databaseUp ? "database unavailable" : store.isAcceptingActions ? "ok" : "stopping",
                acceptingActions: store.isAcceptingActions,
                revision: state.revision,
                orders: state.orders.count,
                catalog: state.catalog.status,
                eventClients: events.clientCount,
                effectsInFlight: store.effectsInFlight.count,
                liveObservations: Resources.liveCount(of: .observations),
                liveSubjectObservers: Resources.liveCount(of: .subjectObservers),
                effects: effects.rawValue,
                lease: lease.map(LeaseHealth.init(lease:)),
                database: database
            ))
        }
        return router
    }
}

/// The catalog endpoint: `GET /catalog` answers the catalog.
func catalogRouter(catalog: Catalog) -> Router<BasicRequestContext> {
    let router = Router()
    router.get("catalog") { _, _ -> Response in json(.ok, catalog) }
    return router
}

/// `Preference-Applied: return=minimal` (RFC 7240), on a minimal answer.
let minimalReturnApplied: HTTPFields = {
    var fields = HTTPFields()
    if let name = HTTPField.Name("Preference-Applied") { fields[name] = "return=minimal" }
    return fields
}()

/// A JSON response.
func json(_ status: HTTPResponse.Status, _ value: some Encodable, headers extra: HTTPFields = [:]) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var headers = extra
    headers[.contentType] = "application/json"
    guard let data = try? encoder.encode(value) else {
        return Response(status: .internalServerError, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "{}")))
    }
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
}
