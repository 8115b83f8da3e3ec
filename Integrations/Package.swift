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
    ],
    dependencies: [
        .package(name: "ReactiveToolkit", path: ".."),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
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
        .testTarget(
            name: "ReactiveToolkitIntegrationsTests",
            dependencies: [
                "ReactiveToolkitLogging", "ReactiveToolkitServiceLifecycle", "ReactiveToolkitMetrics",
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
    ],
    swiftLanguageModes: [.v6]
)
