// swift-tools-version: 6.0
// ReactiveToolkit's adapters for the Swift server ecosystem: swift-log, swift-service-lifecycle
// and swift-metrics. A separate package, so that the root package stays dependency-free.
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ReactiveToolkitIntegrations",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ReactiveToolkitLogging", targets: ["ReactiveToolkitLogging"]),
        .library(name: "ReactiveToolkitServiceLifecycle", targets: ["ReactiveToolkitServiceLifecycle"]),
        .library(name: "ReactiveToolkitMetrics", targets: ["ReactiveToolkitMetrics"]),
        .library(name: "ReactiveToolkitPostgres", targets: ["ReactiveToolkitPostgres"]),
        .library(name: "ReactiveToolkitInspector", targets: ["ReactiveToolkitInspector"]),
        // The recorder alone (no SwiftNIO): what the benchmark package measures.
        .library(name: "ReactiveToolkitInspectorCore", targets: ["ReactiveToolkitInspectorCore"]),
    ],
    dependencies: [
        .package(name: "ReactiveToolkit", path: ".."),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // postgres-nio's own dependency, named for NIOConcurrencyHelpers' lock (one TSan sees).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "ReactiveToolkitLogging",
            dependencies: [
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ReactiveToolkitServiceLifecycle",
            dependencies: [
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "FeedbackLoop", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ReactiveToolkitMetrics",
            dependencies: [
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ReactiveToolkitPostgres",
            dependencies: [
                "ReactiveToolkitServiceLifecycle",
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The store inspector's recorder: pure Swift over StoreKitLite, no SwiftNIO.
        .target(
            name: "ReactiveToolkitInspectorCore",
            dependencies: [
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
            ],
            swiftSettings: strictSettings
        ),
        // The store inspector's HTTP server and page (SwiftNIO, which postgres-nio brings anyway).
        .target(
            name: "ReactiveToolkitInspector",
            dependencies: [
                "ReactiveToolkitInspectorCore",
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReactiveToolkitInspectorTests",
            dependencies: [
                "ReactiveToolkitInspector", "ReactiveToolkitInspectorCore", "IntegrationsTestSupport",
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "FeedbackLoop", package: "ReactiveToolkit"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReactiveToolkitIntegrationsTests",
            dependencies: [
                "IntegrationsTestSupport", "ReactiveToolkitLogging", "ReactiveToolkitServiceLifecycle",
                "ReactiveToolkitMetrics",
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "FeedbackLoop", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // What the tests and the child process share (the ledger model, a lock box).
        .target(
            name: "IntegrationsTestSupport",
            dependencies: [.product(name: "StoreKitLite", package: "ReactiveToolkit")],
            path: "Tests/IntegrationsTestSupport",
            swiftSettings: strictSettings
        ),
        // The child process of the PostgreSQL journal's multi-process test.
        .executableTarget(
            name: "PostgresJournalChild",
            dependencies: [
                "IntegrationsTestSupport",
                "ReactiveToolkitPostgres",
                "ReactiveToolkitServiceLifecycle",
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "FeedbackLoop", package: "ReactiveToolkit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/PostgresJournalChild",
            swiftSettings: strictSettings
        ),
        // Throughput and p99 send latency of the PostgreSQL journal (Docs/benchmarks/postgres-journal.md).
        .executableTarget(
            name: "PostgresJournalBench",
            dependencies: [
                "ReactiveToolkitPostgres",
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Benchmarks/PostgresJournalBench",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReactiveToolkitPostgresTests",
            dependencies: [
                "IntegrationsTestSupport",
                "ReactiveToolkitPostgres",
                // For the snippets of the "Sharing a store across instances" article.
                "ReactiveToolkitServiceLifecycle",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "FeedbackLoop", package: "ReactiveToolkit"),
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
