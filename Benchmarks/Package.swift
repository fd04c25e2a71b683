// swift-tools-version:6.1
import PackageDescription

/// Galley's benchmarks: one target per layer, on ordo-one/benchmark (wall time and malloc counts).
/// Run with `swift package --package-path Benchmarks benchmark`.
let package = Package(
    name: "GalleyBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Galley", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FontBenchmarks",
            dependencies: [
                .product(name: "Galley", package: "Galley"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FontBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LineBenchmarks",
            dependencies: [
                .product(name: "Galley", package: "Galley"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
