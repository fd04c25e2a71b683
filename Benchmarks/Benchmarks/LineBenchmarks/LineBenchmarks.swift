import Benchmark
import BenchmarkSupport
import Foundation
import Galley

/// Lines: itemizing, shaping and building `Line`s. The corpus benchmarks read the peers' 1 MB English corpus
/// (GALLEY_CORPUS, else ../shared/peers/corpus/en.txt after the peers' setup.sh): one line per paragraph with
/// DejaVu Serif 12 pt (the work ../shared/peers/build/hb_shape_only --mode para times for HarfBuzz alone), and
/// the whole text justified and hyphenated in one frame, greedy and optimal.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = BenchmarkSupport.configuration()
    let serif = BenchmarkSupport.font("DejaVuSerif.ttf", size: 12)
    let mixed = NSAttributedString(
        string: "Typography in Galley: office AVATAR, مرحبا بالعالم, שלום, नमस्ते, 中文排版 and 👋🏽 in one line.",
        attributes: [.font: serif])

    Benchmark("Line_of_90_characters_in_6_scripts_(fallback_cached)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Line(attributedString: mixed)) }
    }

    if let text = BenchmarkSupport.corpus {
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
                "Corpus_justified_and_hyphenated_in_one_frame_at_400_pt,_\(strategy == .greedy ? "greedy" : "optimal")",
                configuration: BenchmarkSupport.configuration(maxIterations: 3)
            ) { benchmark in
                for _ in benchmark.scaledIterations {
                    let framesetter = Framesetter(attributedString: justified)
                    blackHole(framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 400, height: 1e7))))
                }
            }
        }
        Benchmark(
            "Corpus_as_one_line_per_paragraph_(\(String(format: "%.2f", megabytes))_MB)",
            configuration: BenchmarkSupport.configuration(maxIterations: 5)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                for paragraph in paragraphs { blackHole(Line(attributedString: paragraph)) }
            }
        }
    }
}
