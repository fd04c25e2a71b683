import Benchmark
import Foundation
import Galley

/// Lines: itemizing, shaping and building `Line`s with caret tables. The corpus benchmark reads the peers'
/// 1 MB English corpus (GALLEY_CORPUS, else ../shared/peers/corpus/en.txt after the peers' setup.sh) and
/// makes one line per paragraph with DejaVu Serif 12 pt, the work ../shared/peers/build/hb_shape_only
/// --mode para times for HarfBuzz alone.
let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let benchmarks: @Sendable () -> Void = {
    let catalog = try! FontCatalog(configurationFile: root.appendingPathComponent("Fonts/fonts.conf"))
    let serif = try! Font(url: root.appendingPathComponent("Fonts/DejaVuSerif.ttf"), size: 12, catalog: catalog)
    let mixed = NSAttributedString(
        string: "Typography in Galley: office AVATAR, مرحبا بالعالم, שלום, नमस्ते, 中文排版 and 👋🏽 in one line.",
        attributes: [.font: serif])

    Benchmark("Line of 90 characters in 6 scripts (fallback cached)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Line(attributedString: mixed)) }
    }

    let corpusPath = ProcessInfo.processInfo.environment["GALLEY_CORPUS"]
        ?? root.deletingLastPathComponent().appendingPathComponent("shared/peers/corpus/en.txt").path
    if let text = try? String(contentsOfFile: corpusPath, encoding: .utf8) {
        let paragraphs = text.split(separator: "\n").map { NSAttributedString(string: String($0), attributes: [.font: serif]) }
        let megabytes = Double(text.utf8.count) / 1_000_000
        Benchmark(
            "Corpus as one line per paragraph (\(String(format: "%.2f", megabytes)) MB)",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxIterations: 5)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                for paragraph in paragraphs { blackHole(Line(attributedString: paragraph)) }
            }
        }
    }
}
