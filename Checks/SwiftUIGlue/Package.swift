// swift-tools-version: 6.0
// Type-checks ReactiveToolkit's SwiftUI glue and the StoreKitLite article's SwiftUI code on Linux,
// against a stand-in `SwiftUI` module shaped like Apple's API (Decision 0017). Nothing here is a
// product or shipped. Run by .ci/run through Scripts/check-swiftui-glue.sh, which removes a stale
// stand-in module first: the root's modules must be compiled without it (their
// `#if canImport(SwiftUI)` code is compiled here, in the `Glue` target, from symlinks).
import PackageDescription

let package = Package(
    name: "SwiftUIGlueCheck",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "ReactiveToolkit", path: "../..")],
    targets: [
        // The stand-in depends on the root's modules only so that SwiftPM builds them first:
        // while they compile, no `SwiftUI` module exists, so their glue stays out of them.
        .target(
            name: "SwiftUI",
            dependencies: [
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "FeedbackLoop", package: "ReactiveToolkit"),
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
            ],
            path: "StandIn"
        ),
        // The root's `#if canImport(SwiftUI)` files (symlinks), compiled with SwiftUI present.
        .target(
            name: "Glue",
            dependencies: [
                "SwiftUI",
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "FeedbackLoop", package: "ReactiveToolkit"),
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
            ],
            path: "Glue"
        ),
        // The code of "Using a store in a SwiftUI app" (synced into the article).
        .target(
            name: "Article",
            dependencies: ["SwiftUI", "Glue", .product(name: "StoreKitLite", package: "ReactiveToolkit")],
            path: "Article"
        ),
    ],
    swiftLanguageModes: [.v6]
)
