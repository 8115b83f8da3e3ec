public import FeedbackLoop
public import Foundation
import LoadingState
import StreamCore

/// The payment feedback: each submitted order starts a payment, an async effect that answers
/// after `delay` with `paymentSucceeded`, or `paymentFailed` when the total is over `limitCents`.
///
/// The payment is an effect in flight of the `submit` that started it: `sendTracked(.submit)`
/// can await it, and a shutting-down service waits for it (or cancels it at the deadline).
///
/// - Parameters:
///   - delay: How long a payment takes.
///   - limitCents: The largest total a payment accepts.
/// - Returns: The feedback, named `payment`.
// snippet: ServicePaymentFeedback
public func paymentFeedback(delay: Duration, limitCents: Int = 100_000) -> Feedback<OrdersState, OrdersAction> {
    Feedback<OrdersState, OrdersAction>(events: { states in
        // Only an order still waiting for its payment: an instance that starts on a shared
        // store whose last order is already paid does not pay it again.
        states
            .compactMap { state in
                state.lastSubmitted.flatMap { state.orders[$0.id]?.status == .submitted ? $0 : nil }
            }
            .removeDuplicates(by: { $0.id == $1.id })
            .flatMapMerge { order in
                Signal<OrdersAction, Never>(operation: {
                    try? await Task.sleep(for: delay)
                    return order.totalCents <= limitCents
                        ? .paymentSucceeded(id: order.id)
                        : .paymentFailed(id: order.id, reason: "over the limit of \(limitCents) cents")
                })
                .trackedAsEffect(named: "payment \(order.id)")
            }
    }).named("payment")
}
// end

/// The catalog feedback: whenever the catalog substate is loading, it loads the catalog through
/// a LoadingState resource flow: from the file on disk if there is a valid one (at start), from
/// the catalog endpoint otherwise (and after a refresh), saving what it fetched.
///
/// - Parameters:
///   - endpoint: The catalog endpoint's base URL, once it is known (the catalog server binds a
///     free port when the service starts).
///   - folder: Where the catalog file is kept.
///   - maxAge: How long a saved catalog is used without asking the endpoint.
/// - Returns: The feedback, named `catalog`.
public func catalogFeedback(
    endpoint: @escaping @Sendable () async -> URL,
    folder: URL,
    maxAge: TimeInterval = 3_600
) -> Feedback<OrdersState, OrdersAction> {
    let configuration = FlowConfiguration(
        persistence: .enabled(folder: folder, fileName: "catalog.json", maxAge: maxAge),
        checksReachability: false,   // a loopback endpoint
        timeout: 5
    )
    return Feedback<OrdersState, OrdersAction>(
        skippingRepeated: { state in state.catalog.status == .loading ? state.catalog.generation : nil },
        effects: { generation in
            Signal<URL, Never>(operation: { await endpoint() })
                .flatMapLatest { baseURL -> Signal<OrdersAction, Never> in
                    let flow: ResourceFlow<Catalog> = createFlow(baseURL: baseURL, configuration: configuration)
                    let resource = Resource(path: "catalog")
                    // At start the saved file may do; a refresh asks the endpoint.
                    let load = generation == 0 ? flow.fetch(resource) : flow.fetchFromNetwork(resource)
                    return load
                        .toLoadingSignal()
                        .compactMap { (state: LoadingState<Catalog, FlowError>) -> OrdersAction? in
                            switch state {
                            case .loading: nil
                            case .loaded(let catalog): .catalog(.loaded(catalog))
                            case .failed(let error): .catalog(.failed(String(describing: error)))
                            }
                        }
                }
        }
    ).named("catalog")
}
