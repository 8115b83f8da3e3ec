// swift-tools-version: 6.0
// ReactiveToolkit: streams, feedback loops, a Redux-style store and loading flows.
// The root package has no package dependencies; benchmarks live in their own package (Benchmarks/).
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ReactiveToolkit",
    products: [
        .library(name: "StreamCore", targets: ["StreamCore"]),
        .library(name: "StreamCoreTesting", targets: ["StreamCoreTesting"]),
        .library(name: "FeedbackLoop", targets: ["FeedbackLoop"]),
        .library(name: "StoreKitLite", targets: ["StoreKitLite"]),
        .library(name: "LoadingState", targets: ["LoadingState"]),
        .executable(name: "demo", targets: ["Demo"]),
    ],
    targets: [
        .target(name: "StreamCore", swiftSettings: strictSettings),
        .target(name: "StreamCoreTesting", dependencies: ["StreamCore"], swiftSettings: strictSettings),
        .target(name: "FeedbackLoop", dependencies: ["StreamCore"], swiftSettings: strictSettings),
        .target(name: "StoreKitLite", dependencies: ["StreamCore"], swiftSettings: strictSettings),
        .target(name: "LoadingState", dependencies: ["StreamCore"], swiftSettings: strictSettings),
        .executableTarget(name: "Demo", dependencies: ["StreamCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "StreamCoreTests", dependencies: ["StreamCore", "StreamCoreTesting"], swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StreamCoreTestingTests", dependencies: ["StreamCore", "StreamCoreTesting"], swiftSettings: strictSettings
        ),
        .testTarget(name: "FeedbackLoopTests", dependencies: ["FeedbackLoop"], swiftSettings: strictSettings),
        .testTarget(
            name: "StoreKitLiteTests", dependencies: ["StoreKitLite", "StreamCoreTesting"], swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LoadingStateTests", dependencies: ["LoadingState", "StreamCoreTesting"], swiftSettings: strictSettings
        ),
        .testTarget(name: "DemoTests", dependencies: ["Demo", "StreamCore"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
