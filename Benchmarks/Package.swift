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
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "Galley", package: "Galley"), .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/BenchmarkSupport"),
        benchmark("FontBenchmarks"),
        benchmark("LineBenchmarks"),
        benchmark("TypesettingBenchmarks"),
        benchmark("FramesettingBenchmarks"),
        benchmark("RenderingBenchmarks", extra: [.product(name: "GalleyRendering", package: "Galley")]),
        benchmark("EditingBenchmarks", extra: [.product(name: "GalleyText", package: "Galley")]),
    ]
)

/// One executable benchmark target under Benchmarks/<name>.
func benchmark(_ name: String, extra: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            .product(name: "Galley", package: "Galley"),
            .product(name: "Benchmark", package: "benchmark"),
            "BenchmarkSupport",
        ] + extra,
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
