import Foundation
public import StoreKitLite

/// A product of the catalog.
public struct Product: Codable, Sendable, Hashable {
    /// The product's identifier (lowercase), as orders name it.
    public var id: String
    /// The product's display name.
    public var name: String
    /// The price of one unit, in cents.
    public var priceCents: Int

    /// Creates a product.
    public init(id: String, name: String, priceCents: Int) {
        self.id = id
        self.name = name
        self.priceCents = priceCents
    }
}

/// The catalog document the catalog endpoint serves and the resource flow keeps on disk.
public struct Catalog: Codable, Sendable, Hashable {
    /// The products.
    public var products: [Product]

    /// Creates a catalog.
    public init(products: [Product]) {
        self.products = products
    }
}

/// Where an order is in its life.
public enum OrderStatus: String, Codable, Sendable, Hashable {
    /// Submitted; its payment is running.
    case submitted
    /// Paid.
    case paid
    /// The payment was declined.
    case failed
    /// Cancelled before its payment finished.
    case cancelled
}

/// An order.
public struct Order: Codable, Sendable, Hashable {
    /// The order's identifier, unique in the service.
    public var id: Int
    /// The product's identifier.
    public var product: String
    /// How many units.
    public var quantity: Int
    /// The total, in cents.
    public var totalCents: Int
    /// Where the order is.
    public var status: OrderStatus
}

/// The catalog substate: what the orders are checked against, loaded by the catalog feedback.
public struct CatalogState: Codable, Sendable, Hashable {
    /// Where loading is.
    public enum Status: String, Codable, Sendable, Hashable {
        /// Waiting for the catalog (at start, or after a refresh was asked for).
        case loading
        /// Loaded.
        case loaded
        /// The last load failed (`error` says why); orders are refused until a refresh loads it.
        case failed
    }

    /// Where loading is.
    public var status: Status = .loading
    /// The products by identifier.
    public var products: [String: Product] = [:]
    /// Why the last load failed.
    public var error: String?
    /// Incremented by each refresh request, so that the catalog feedback starts a new load.
    public var generation = 0
}

/// The service's state.
public struct OrdersState: Codable, Sendable, Hashable {
    /// The orders by identifier.
    public var orders: [Int: Order] = [:]
    /// The identifier the next order gets.
    public var nextID = 1
    /// The last order submitted (what the payment feedback watches).
    public var lastSubmitted: Order?
    /// The number of actions reduced.
    public var revision = 0
    /// The catalog substate.
    public var catalog = CatalogState()

    /// Creates an empty state (the catalog loading).
    public init() {}
}

/// What changes the catalog substate.
public enum CatalogAction: Codable, Sendable, Hashable {
    /// A load finished.
    case loaded(Catalog)
    /// A load failed.
    case failed(String)
    /// Load it again from the catalog endpoint (and save it).
    case refresh
}

/// What changes the state: the clients' actions (`submit`, `cancel`, `refreshCatalog`), and the
/// feedbacks' (`paymentSucceeded`, `paymentFailed`, `catalog`). Codable: in PostgreSQL mode
/// every action is appended to the shared journal as JSON.
public enum OrdersAction: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Submit an order for a product.
    case submit(product: String, quantity: Int)
    /// Cancel an order whose payment has not finished.
    case cancel(id: Int)
    /// The payment feedback's outcome: paid.
    case paymentSucceeded(id: Int)
    /// The payment feedback's outcome: declined.
    case paymentFailed(id: Int, reason: String)
    /// The catalog substate's actions.
    case catalog(CatalogAction)

    /// A short description for logs (`submit(tea × 2)`).
    public var description: String {
        switch self {
        case .submit(let product, let quantity): "submit(\(product) × \(quantity))"
        case .cancel(let id): "cancel(\(id))"
        case .paymentSucceeded(let id): "paymentSucceeded(\(id))"
        case .paymentFailed(let id, let reason): "paymentFailed(\(id), \(reason))"
        case .catalog(.loaded(let catalog)): "catalog.loaded(\(catalog.products.count) products)"
        case .catalog(.failed(let reason)): "catalog.failed(\(reason))"
        case .catalog(.refresh): "catalog.refresh"
        }
    }

    /// The order the action is about, if any.
    public var orderID: Int? {
        switch self {
        case .cancel(let id), .paymentSucceeded(let id), .paymentFailed(let id, _): id
        case .submit, .catalog: nil
        }
    }

    /// The catalog action inside, for the substate's reducer.
    var catalogAction: CatalogAction? {
        if case .catalog(let action) = self { return action }
        return nil
    }
}

/// The largest quantity one order may have.
public let maximumQuantity = 1_000

/// The catalog substate's reducer.
let catalogReducer = Reducer<CatalogState, CatalogAction>(mutating: { catalog, action in
    switch action {
    case .loaded(let loaded):
        catalog.products = Dictionary(loaded.products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        catalog.status = .loaded
        catalog.error = nil
    case .failed(let reason):
        catalog.status = .failed
        catalog.error = reason
    case .refresh:
        catalog.status = .loading
        catalog.generation += 1
    }
})

/// The orders' reducer: refuses what cannot be done, with a reason (the 422 answers).
let ordersReducer = Reducer<OrdersState, OrdersAction>(mutating: { state, action throws(StoreError) in
    switch action {
    case .submit(let productID, let quantity):
        guard (1...maximumQuantity).contains(quantity) else {
            throw .rejected("quantity must be between 1 and \(maximumQuantity), not \(quantity)")
        }
        guard let product = state.catalog.products[productID] else {
            throw .rejected(state.catalog.status == .loaded ? "unknown product \(productID)" : "the catalog is not loaded")
        }
        let order = Order(
            id: state.nextID, product: product.id, quantity: quantity,
            totalCents: product.priceCents * quantity, status: .submitted
        )
        state.orders[order.id] = order
        state.lastSubmitted = order
        state.nextID += 1
    case .cancel(let id):
        guard let order = state.orders[id] else { throw .rejected("no order \(id)") }
        guard order.status == .submitted else { throw .rejected("order \(id) is already \(order.status.rawValue)") }
        state.orders[id]?.status = .cancelled
    case .paymentSucceeded(let id):
        // A payment that finishes after a cancel changes nothing.
        if state.orders[id]?.status == .submitted { state.orders[id]?.status = .paid }
    case .paymentFailed(let id, _):
        if state.orders[id]?.status == .submitted { state.orders[id]?.status = .failed }
    case .catalog:
        break
    }
})

/// The whole reducer: the orders, the catalog substate (pulled back), and the revision count.
// snippet: ServiceReducer
public let serviceReducer = Reducer<OrdersState, OrdersAction>.combine(
    ordersReducer,
    catalogReducer.pullback(state: \OrdersState.catalog, action: \OrdersAction.catalogAction),
    Reducer(mutating: { state, _ in state.revision += 1 })
)
// end

/// The service's middleware: product names are trimmed and lowercased, and a submit without a
/// product is dropped (its sender gets `StoreError.droppedByMiddleware`).
// snippet: ServiceMiddleware
public let normalizeProducts = Middleware<OrdersState, OrdersAction> { action, _ in
    guard case .submit(let product, let quantity) = action else { return action }
    let normalized = product.trimmingCharacters(in: .whitespaces).lowercased()
    return normalized.isEmpty ? nil : .submit(product: normalized, quantity: quantity)
}
// end
