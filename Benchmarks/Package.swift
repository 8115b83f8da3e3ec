// swift-tools-version: 6.0
// The benchmark suite: a separate package so the root package stays dependency-free.
import PackageDescription

let package = Package(
    name: "ReactiveToolkitBenchmarks",
    products: [.executable(name: "bench", targets: ["Bench"])],
    dependencies: [.package(name: "ReactiveToolkit", path: "..")],
    targets: [
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "Bench",
            dependencies: [
                "MallocCounter",
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
