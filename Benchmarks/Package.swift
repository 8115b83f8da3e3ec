// swift-tools-version: 6.0
// The benchmark suite: a separate package so the root package stays dependency-free.
import PackageDescription

let package = Package(
    name: "ReactiveToolkitBenchmarks",
    products: [
        .executable(name: "bench", targets: ["Bench"]),
        .executable(name: "bench-w11", targets: ["BenchW11"]),
        .executable(name: "journal-bench", targets: ["JournalBench"]),
        .executable(name: "dispatch-fairness", targets: ["DispatchFairness"]),
        .executable(name: "body-bench", targets: ["BodyBench"]),
    ],
    dependencies: [
        .package(name: "ReactiveToolkit", path: ".."),
        // The comparison peer (benchmarks only; the root package never depends on it).
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        // The store inspector's recorder (W8I); its product depends on the root package only.
        .package(name: "ReactiveToolkitIntegrations", path: "../Integrations"),
    ],
    targets: [
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "Bench",
            dependencies: [
                "MallocCounter",
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
                .product(name: "FeedbackLoop", package: "ReactiveToolkit"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "ReactiveToolkitInspectorCore", package: "ReactiveToolkitIntegrations"),
            ]
        ),
        // W11: the observable store host's invalidations and cost per change (Docs/benchmarks/W11-observable-store.md).
        .executableTarget(
            name: "BenchW11",
            dependencies: ["MallocCounter", .product(name: "StoreKitLite", package: "ReactiveToolkit")]
        ),
        // The file journal's wall-clock benchmark (disk-bound; see Docs/benchmarks/journal.md).
        .executableTarget(
            name: "JournalBench",
            dependencies: [.product(name: "StoreKitLite", package: "ReactiveToolkit")]
        ),
        // Issue 33's fairness benchmark: dispatch latency, send wait and memory under producers
        // that outrun the reducer (Docs/benchmarks/dispatch-fairness.md).
        .executableTarget(
            name: "DispatchFairness",
            dependencies: [.product(name: "StoreKitLite", package: "ReactiveToolkit")]
        ),
        // Peak memory of a body over the response-size limit (Docs/benchmarks/response-size-limit.md).
        .executableTarget(
            name: "BodyBench",
            dependencies: [
                .product(name: "LoadingState", package: "ReactiveToolkit"),
                .product(name: "StreamCore", package: "ReactiveToolkit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
