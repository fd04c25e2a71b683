import Benchmark
import BenchmarkSupport
import Foundation
import Galley
import GalleyText

/// Editing the laid-out 1 MB English corpus (GALLEY_CORPUS, else ../shared/peers/corpus/en.txt): one character
/// inserted in the middle and then deleted again, each followed by bringing the visible page (800 pt around the
/// caret) up to date — what `galley-bench edit` times, here with malloc counts.
let benchmarks: @Sendable () -> Void = {
    guard let text = BenchmarkSupport.corpus else { return }
    let storage = TextStorage(string: text, attributes: [.font: BenchmarkSupport.font("DejaVuSerif.ttf", size: 12)])
    let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 400, height: CGFloat.infinity))])
    manager.ensureLayoutForAllText()
    let middle = storage.length / 2

    func showPage() {
        if let caret = manager.caretRect(for: middle) {
            blackHole(manager.characterRange(forBoundingRect: CGRect(x: 0, y: max(caret.midY - 400, 0), width: 400, height: 800)))
        }
    }
    Benchmark("Insert_and_delete_a_character_in_the_middle_of_1_MB,_page_brought_up_to_date",
              configuration: BenchmarkSupport.configuration(maxIterations: 2_000)) { benchmark in
        for _ in benchmark.scaledIterations {
            storage.replaceCharacters(in: middle..<middle, with: "e")
            showPage()
            storage.replaceCharacters(in: middle..<(middle + 1), with: "")
            showPage()
        }
    }
}
