public import FeedbackLoop
public import Foundation
import Synchronization
import LoadingState
import StreamCore

/// The payment feedback: each submitted order starts a payment, an async effect that charges
/// the order through `gateway` (after `delay`) and answers with `paymentSucceeded`, or
/// `paymentFailed` when the gateway declines it (a total over its limit).
///
/// The payment is an effect in flight of the `submit` that started it: `sendTracked(.submit)`
/// can await it, and a shutting-down service waits for it (or cancels it at the deadline).
///
/// **Idempotent by key** (Decision 0027). The feedback is state-driven: it pays every order the
/// state shows `submitted`, never one it shows paid, failed or cancelled (a cancel stops the
/// payment in flight). And each charge carries an idempotency key made of what identifies it in
/// the state, identical on every instance sharing the store: the order's id. When the effects
/// lease moves to another instance, the new leader starts from the current state and pays again
/// the orders whose outcome is not in the log yet (the old leader may have been killed mid-way,
/// or its outcome fenced); the gateway de-duplicates the repeat by its key, so each order is
/// charged once.
///
/// - Parameters:
///   - delay: How long a payment takes.
///   - gateway: Where the orders are charged (by idempotency key).
/// - Returns: The feedback, named `payment`.
// snippet: ServicePaymentFeedback
public func paymentFeedback(
    delay: Duration, gateway: PaymentGateway = PaymentGateway()
) -> Feedback<OrdersState, OrdersAction> {
    Feedback<OrdersState, OrdersAction>(events: { states in
        // Only the orders still waiting for their payment, each once: an instance that starts
        // (or takes the lease over) on a shared store does not pay an order already paid.
        states
            .map { state in state.orders.values.filter { $0.status == .submitted } }
            .scan(PaymentStarts()) { starts, submitted in starts.next(submitted) }
            .flatMapMerge { starts in Signal<Order, Never>(sequence: starts.new) }
            .flatMapMerge { order in
                Signal<OrdersAction, Never>(operation: {
                    let outcome = await gateway.charge(
                        idempotencyKey: "order-\(order.id)", amountCents: order.totalCents, delay: delay)
                    switch outcome {
                    case .paid: return .paymentSucceeded(id: order.id)
                    case .declined(let reason): return .paymentFailed(id: order.id, reason: reason)
                    }
                })
                .trackedAsEffect(named: "payment \(order.id)")
            }
    }).named("payment")
}
// end

/// The payment feedback's memory: the submitted orders whose payment it started, and the ones
/// a state adds.
struct PaymentStarts: Sendable {
    var started: Set<Int> = []
    var new: [Order] = []

    /// The orders of `submitted` not started yet; forgets the ones no longer submitted.
    func next(_ submitted: [Order]) -> PaymentStarts {
        PaymentStarts(
            started: Set(submitted.map(\.id)),
            new: submitted.filter { !started.contains($0.id) }.sorted { $0.id < $1.id })
    }
}

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

/// A fake payment provider that de-duplicates charges by idempotency key, as a real one does
/// with an `Idempotency-Key` header (or a table with a unique constraint on the key): the first
/// charge of a key decides its outcome; a repeat of the key (the one a lease failover causes)
/// answers that outcome again without charging.
///
/// Share one gateway between the instances of a shared store (the tests do) to see the repeats
/// it absorbed; each instance has its own otherwise.
public final class PaymentGateway: Sendable {
    /// A charge's outcome.
    public enum Outcome: Sendable, Hashable {
        /// Charged.
        case paid
        /// Declined, with the reason.
        case declined(String)
    }

    struct Ledger {
        var outcomes: [String: Outcome] = [:]
        var repeats = 0
    }

    /// The largest amount a charge accepts.
    public let limitCents: Int
    private let ledger = Mutex(Ledger())

    /// Creates a gateway.
    ///
    /// - Parameter limitCents: The largest amount a charge accepts.
    public init(limitCents: Int = 100_000) {
        self.limitCents = limitCents
    }

    /// Charges `amountCents` under `key`, once: a repeat of a key answers the first outcome.
    ///
    /// - Parameters:
    ///   - key: What identifies the charge (for an order, its id).
    ///   - amountCents: The amount.
    ///   - delay: How long the provider takes to answer.
    /// - Returns: The outcome.
    public func charge(idempotencyKey key: String, amountCents: Int, delay: Duration) async -> Outcome {
        let fresh: Outcome = amountCents <= limitCents ? .paid : .declined("over the limit of \(limitCents) cents")
        let outcome = ledger.withLock { ledger -> Outcome in
            if let known = ledger.outcomes[key] {
                ledger.repeats += 1
                return known
            }
            ledger.outcomes[key] = fresh
            return fresh
        }
        try? await Task.sleep(for: delay)
        return outcome
    }

    /// The keys charged, with their outcomes.
    public var charges: [String: Outcome] {
        ledger.withLock { $0.outcomes }
    }

    /// How many charges repeated a key already charged (and were absorbed).
    public var absorbedRepeats: Int {
        ledger.withLock { $0.repeats }
    }
}
