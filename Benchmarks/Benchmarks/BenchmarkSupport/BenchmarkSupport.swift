import Benchmark
import Foundation
import Galley

/// What every benchmark target shares: the repository's root, its bundled fonts, the peers' corpus, and the
/// tolerances `swift package benchmark thresholds check` applies against the checked-in thresholds
/// (Benchmarks/Thresholds).
public enum BenchmarkSupport {
    /// The repository's root (this file is Benchmarks/Benchmarks/BenchmarkSupport/BenchmarkSupport.swift).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The hermetic catalog of the bundled fonts.
    public static let catalog = try! FontCatalog(configurationFile: root.appendingPathComponent("Fonts/fonts.conf"))

    /// A bundled font file at a size.
    public static func font(_ file: String, size: CGFloat) -> Font {
        try! Font(url: root.appendingPathComponent("Fonts/\(file)"), size: size, catalog: catalog)
    }

    /// The peers' 1 MB English corpus (GALLEY_CORPUS, else ../shared/peers/corpus/en.txt after the peers' setup.sh),
    /// nil when it is not there.
    public static var corpus: String? {
        let path = ProcessInfo.processInfo.environment["GALLEY_CORPUS"]
            ?? root.deletingLastPathComponent().appendingPathComponent("shared/peers/corpus/en.txt").path
        return try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// The first `count` characters of a corpus file of the test suite.
    public static func sample(_ file: String, characters count: Int) -> String {
        String(try! String(contentsOf: root.appendingPathComponent("Tests/GalleyTests/Corpus/\(file)"), encoding: .utf8).prefix(count))
    }

    /// Tolerances against the checked-in thresholds: malloc counts are nearly exact (10%); wall time on a shared
    /// two-core machine only catches a doubling.
    public static var tolerances: [BenchmarkMetric: BenchmarkThresholds] {
        [.wallClock: .init(relative: [.p90: 100.0]), .mallocCountTotal: .init(relative: [.p90: 10.0])]
    }

    /// A configuration with wall time and malloc counts and the tolerances. (Retained memory is measured by
    /// `make bench-peers`, next to the peers'.)
    public static func configuration(maxIterations: Int = 10_000) -> Benchmark.Configuration {
        .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: maxIterations, thresholds: tolerances)
    }
}
