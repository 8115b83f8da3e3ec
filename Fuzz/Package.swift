// swift-tools-version: 6.0
// libFuzzer targets for ReactiveToolkit (built only by Scripts/fuzz.sh, with -sanitize=fuzzer):
// the marble parser, the resource decoders, and random operations on a store and subjects checked
// against a model. Its own package, so the root package stays free of fuzzing flags.
import PackageDescription

let package = Package(
    name: "ReactiveToolkitFuzz",
    dependencies: [.package(name: "ReactiveToolkit", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzMarbles",
            dependencies: [
                "FuzzSupport", "FuzzDriver",
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "StreamCoreTesting", package: "ReactiveToolkit"),
            ]),
        .executableTarget(
            name: "FuzzDecoders",
            dependencies: ["FuzzSupport", "FuzzDriver", .product(name: "LoadingState", package: "ReactiveToolkit")]),
        .executableTarget(
            name: "FuzzStoreSubject",
            dependencies: [
                "FuzzSupport", "FuzzDriver",
                .product(name: "StreamCore", package: "ReactiveToolkit"),
                .product(name: "StoreKitLite", package: "ReactiveToolkit"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
