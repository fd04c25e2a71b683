import Benchmark
import BenchmarkSupport
import Foundation
import Galley
import GalleyRendering

/// Drawing a page of about 4 KB of English (one frame, DejaVu Serif 11 pt) through Cairo: into a PNG surface
/// and written out, and into a PDF file.
let benchmarks: @Sendable () -> Void = {
    let serif = BenchmarkSupport.font("DejaVuSerif.ttf", size: 11)
    let string = NSAttributedString(string: BenchmarkSupport.sample("candide.txt", characters: 4_000), attributes: [.font: serif])
    let frame = Framesetter(attributedString: string).frame(path: Path(rect: CGRect(x: 36, y: 36, width: 540, height: 720)))
    let directory = FileManager.default.temporaryDirectory

    Benchmark("A_page_to_PNG_(612_×_792_at_2×)", configuration: BenchmarkSupport.configuration(maxIterations: 50)) { benchmark in
        for _ in benchmark.scaledIterations {
            let canvas = try Canvas(width: 612, height: 792, scale: 2)
            canvas.draw(frame)
            try canvas.writePNG(to: directory.appendingPathComponent("galley-benchmark.png"))
        }
    }
    Benchmark("A_page_to_PDF", configuration: BenchmarkSupport.configuration(maxIterations: 50)) { benchmark in
        for _ in benchmark.scaledIterations {
            let canvas = try Canvas(pdfURL: directory.appendingPathComponent("galley-benchmark.pdf"), width: 612, height: 792)
            canvas.draw(frame)
            try canvas.finish()
        }
    }
}
