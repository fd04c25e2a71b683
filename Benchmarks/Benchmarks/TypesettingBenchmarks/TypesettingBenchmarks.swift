import Benchmark
import Foundation
import BenchmarkSupport
import Galley

/// The typesetter on the peers' 1 MB English corpus (GALLEY_CORPUS, else ../shared/peers/corpus/en.txt) in DejaVu
/// Serif 12 pt: the first layout at 400 pt (shaping, breaking, every line), and re-breaking the already shaped text
/// at 300 pt — the two figures `make bench-peers` compares with SkParagraph and HarfBuzz.
/// Every line of the text at `width`.
func breakAll(_ typesetter: Typesetter, width: CGFloat) -> Int {
    var start = 0
    var lines = 0
    while start < typesetter.length {
        let count = typesetter.suggestLineBreak(startingAt: start, width: width)
        blackHole(typesetter.line(stringRange: start..<(start + count)))
        start += count
        lines += 1
    }
    return lines
}

let benchmarks: @Sendable () -> Void = {
    guard let text = BenchmarkSupport.corpus else { return }
    let string = NSAttributedString(string: text, attributes: [.font: BenchmarkSupport.font("DejaVuSerif.ttf", size: 12)])

    Benchmark("First_layout_of_the_corpus_at_400_pt_(greedy)", configuration: BenchmarkSupport.configuration(maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(breakAll(Typesetter(attributedString: string), width: 400)) }
    }
    let typesetter = Typesetter(attributedString: string)
    Benchmark("Re-break_the_shaped_corpus_at_300_pt", configuration: BenchmarkSupport.configuration(maxIterations: 10)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(breakAll(typesetter, width: 300)) }
    }
}
