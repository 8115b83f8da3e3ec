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
    // The Apple floor is Synchronization's (Atomic, Mutex): see Docs/Decisions/0017-apple-platforms.md.
    // Scripts/check-availability.py (run by .ci/run) checks every API the code uses against it.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StreamCore", targets: ["StreamCore"]),
        .library(name: "StreamCoreTesting", targets: ["StreamCoreTesting"]),
        .library(name: "FeedbackLoop", targets: ["FeedbackLoop"]),
        .library(name: "FeedbackLoopTesting", targets: ["FeedbackLoopTesting"]),
        .library(name: "StoreKitLite", targets: ["StoreKitLite"]),
        .library(name: "StoreKitLiteTesting", targets: ["StoreKitLiteTesting"]),
        .library(name: "LoadingState", targets: ["LoadingState"]),
        .executable(name: "demo", targets: ["Demo"]),
    ],
    targets: [
        .target(name: "StreamCore", swiftSettings: strictSettings),
        .target(name: "StreamCoreTesting", dependencies: ["StreamCore"], swiftSettings: strictSettings),
        .target(name: "FeedbackLoop", dependencies: ["StreamCore"], swiftSettings: strictSettings),
        // Where the test kits report a failed assertion (Swift Testing's Issue.record at the
        // failing line) and a dependency read without a test value; kept out of
        // StreamCoreTesting, which depends on no test framework.
        .target(name: "HarnessReporting", dependencies: ["StreamCore"], swiftSettings: strictSettings),
        .target(
            name: "FeedbackLoopTesting",
            dependencies: ["FeedbackLoop", "StreamCore", "StreamCoreTesting", "HarnessReporting"],
            swiftSettings: strictSettings
        ),
        .target(name: "StoreKitLite", dependencies: ["StreamCore"], swiftSettings: strictSettings),
        .target(
            name: "StoreKitLiteTesting", dependencies: ["StoreKitLite", "StreamCore", "StreamCoreTesting", "HarnessReporting"],
            swiftSettings: strictSettings
        ),
        .target(name: "LoadingState", dependencies: ["StreamCore"], swiftSettings: strictSettings),
        .target(name: "LoopbackHTTP", swiftSettings: strictSettings),
        .executableTarget(
            name: "Demo",
            dependencies: ["StreamCore", "FeedbackLoop", "StoreKitLite", "LoadingState", "LoopbackHTTP"],
            swiftSettings: strictSettings
        ),
        // The child process of the journal's kill -9 test (StoreKitLiteTests/Journal).
        .executableTarget(
            name: "JournalCrashChild", dependencies: ["StoreKitLite"], path: "Tests/JournalCrashChild",
            swiftSettings: strictSettings
        ),
        .target(
            name: "TestSupport", dependencies: ["StreamCore", "StreamCoreTesting"], path: "Tests/TestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StreamCoreTests", dependencies: ["StreamCore", "StreamCoreTesting", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StreamCoreTestingTests", dependencies: ["StreamCore", "StreamCoreTesting", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FeedbackLoopTests",
            dependencies: ["FeedbackLoop", "FeedbackLoopTesting", "StreamCore", "StreamCoreTesting", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StoreKitLiteTests",
            dependencies: ["StoreKitLite", "StoreKitLiteTesting", "StreamCoreTesting", "TestSupport"],
            swiftSettings: strictSettings
        ),
        // The SwiftUI article's states and reducers (links to Checks/SwiftUIGlue/Article, where
        // the views are type-checked against the SwiftUI stand-in), tested as the article shows.
        .testTarget(
            name: "SwiftUIArticleTests", dependencies: ["StoreKitLite", "StoreKitLiteTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LoadingStateTests", dependencies: ["LoadingState", "StreamCoreTesting", "TestSupport", "LoopbackHTTP"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "StreamCore", "StreamCoreTesting", "FeedbackLoop", "FeedbackLoopTesting", "StoreKitLite",
                "StoreKitLiteTesting", "TestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DemoTests", dependencies: ["Demo", "StreamCore", "LoadingState", "LoopbackHTTP"],
            swiftSettings: strictSettings
        ),
        // The peers' most common one-liners, compile-only in spirit: Scripts/check-type-checking.sh
        // (run by .ci/run) builds this target with a type-checking time budget per expression.
        .testTarget(
            name: "PeerIdiomTests",
            dependencies: ["StreamCore", "StreamCoreTesting", "FeedbackLoop", "StoreKitLite", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DocSnippetTests",
            dependencies: [
                "StreamCore", "StreamCoreTesting", "FeedbackLoop", "FeedbackLoopTesting", "StoreKitLite",
                "StoreKitLiteTesting", "LoadingState",
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
