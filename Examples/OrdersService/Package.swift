// swift-tools-version: 6.0
// OrdersService: an example HTTP service built on a store with feedbacks (Hummingbird 2).
// Its own package, so that the root package stays dependency-free.
import PackageDescription

let package = Package(
    name: "OrdersService",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "orders-service", targets: ["OrdersServiceMain"])],
    dependencies: [
        .package(name: "ReactiveToolkit", path: "../.."),
        .package(name: "ReactiveToolkitIntegrations", path: "../../Integrations"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        // The PostgreSQL mode's connection configuration (Integrations' journal is built on it).
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        .target(
            name: "OrdersService",
            dependencies: [
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "FeedbackLoop", package: "ReactiveToolkit"),
                .product(name: "LoadingState", package: "ReactiveToolkit"),
                .product(name: "ReactiveToolkitLogging", package: "ReactiveToolkitIntegrations"),
                .product(name: "ReactiveToolkitMetrics", package: "ReactiveToolkitIntegrations"),
                .product(name: "ReactiveToolkitServiceLifecycle", package: "ReactiveToolkitIntegrations"),
                .product(name: "ReactiveToolkitPostgres", package: "ReactiveToolkitIntegrations"),
                .product(name: "ReactiveToolkitInspector", package: "ReactiveToolkitIntegrations"),
                .product(name: "ReactiveToolkitInspectorCore", package: "ReactiveToolkitIntegrations"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .executableTarget(
            name: "OrdersServiceMain",
            dependencies: [
                "OrdersService",
                .product(name: "ReactiveToolkitInspector", package: "ReactiveToolkitIntegrations"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "OrdersServiceTests",
            dependencies: [
                "OrdersService", "OrdersServiceMain",
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "ReactiveToolkitServiceLifecycle", package: "ReactiveToolkitIntegrations"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ReactiveToolkitPostgres", package: "ReactiveToolkitIntegrations"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
