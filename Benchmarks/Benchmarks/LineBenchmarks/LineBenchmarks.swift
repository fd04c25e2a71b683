import Benchmark
import Foundation
import Galley

/// Lines: itemizing, shaping and building `Line`s. The corpus benchmarks read the peers' 1 MB English corpus
/// (GALLEY_CORPUS, else ../shared/peers/corpus/en.txt after the peers' setup.sh): one line per paragraph with
/// DejaVu Serif 12 pt (the work ../shared/peers/build/hb_shape_only --mode para times for HarfBuzz alone), and
/// the whole text justified and hyphenated in one frame, greedy and optimal.
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
        for strategy in [LineBreakStrategy.greedy, .optimal()] {
            var style = ParagraphStyle()
            style.alignment = .justified
            style.hyphenationFactor = 1
            style.lineBreakStrategy = strategy
            let justified = NSAttributedString(
                string: text, attributes: [.font: serif, .paragraphStyle: style, NSAttributedString.Key.language: "en-US"])
            Benchmark(
                "Corpus justified and hyphenated in one frame at 400 pt, \(strategy == .greedy ? "greedy" : "optimal")",
                configuration: .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxIterations: 3)
            ) { benchmark in
                for _ in benchmark.scaledIterations {
                    let framesetter = Framesetter(attributedString: justified)
                    blackHole(framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 400, height: 1e7))))
                }
            }
        }
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
