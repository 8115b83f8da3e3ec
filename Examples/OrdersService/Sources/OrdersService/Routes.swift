import Foundation
import Hummingbird
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
    /// The number of orders after the action (accepted only).
    var orders: Int?
    /// Why the store refused the action (refused only).
    var error: String?
}

/// The body of `GET /health`.
struct HealthBody: Encodable {
    var status: String
    var acceptingActions: Bool
    var revision: Int
    var catalog: CatalogState.Status
    var eventClients: Int
    var effectsInFlight: Int
    /// StreamCore's live observation count (debug builds; 0 in release builds).
    var liveObservations: Int
    /// StreamCore's live subject-observer count (debug builds; 0 in release builds).
    var liveSubjectObservers: Int
}

extension OrdersServer {
    /// The service's routes.
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        let (store, events, maximumBodySize) = (self.store, self.events, configuration.maximumBodySize)

        // An action: 202 with its outcome, 422 with the store's error, 400 for a bad body.
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
                return json(.accepted, ActionOutcomeBody(
                    outcome: "accepted", revision: state.revision, order: order, orders: state.orders.count
                ))
            } catch {
                return json(.unprocessableContent, ActionOutcomeBody(outcome: "refused", error: error.description))
            }
        }
        // end

        router.get("state") { _, _ -> Response in
            json(.ok, store.state)
        }

        router.get("events") { _, _ -> Response in
            events.response()
        }

        router.get("health") { _, _ -> Response in
            let state = store.state
            return json(.ok, HealthBody(
                status: store.isAcceptingActions ? "ok" : "stopping",
                acceptingActions: store.isAcceptingActions,
                revision: state.revision,
                catalog: state.catalog.status,
                eventClients: events.clientCount,
                effectsInFlight: store.effectsInFlight.count,
                liveObservations: Resources.liveCount(of: .observations),
                liveSubjectObservers: Resources.liveCount(of: .subjectObservers)
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

/// A JSON response.
func json(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    guard let data = try? encoder.encode(value) else {
        return Response(status: .internalServerError, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "{}")))
    }
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
}
