import StoreKitLite

/// The request a service is serving (live "none", test "test-request").
enum RequestIDKey: DependencyKey {
    static let liveValue = "none"
    static let testValue = "test-request"
}

/// A dependency with no test value (what a test forgets to override).
enum PriceListKey: DependencyKey {
    static let liveValue = [10, 20]
}

extension DependencyValues {
    var requestID: String {
        get { self[RequestIDKey.self] }
        set { self[RequestIDKey.self] = newValue }
    }

    var priceList: [Int] {
        get { self[PriceListKey.self] }
        set { self[PriceListKey.self] = newValue }
    }
}
