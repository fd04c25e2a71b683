import Benchmark
import Foundation
import BenchmarkSupport
import Galley

/// Frames of about 20 KB of English in DejaVu Serif 11 pt: a rectangle, a circle with two exclusions, and three
/// columns of a page filled one after the other.
let benchmarks: @Sendable () -> Void = {
    let serif = BenchmarkSupport.font("DejaVuSerif.ttf", size: 11)
    let text = BenchmarkSupport.sample("candide.txt", characters: 20_000)
    var style = ParagraphStyle()
    style.alignment = .justified
    let string = NSAttributedString(string: text, attributes: [.font: serif, .paragraphStyle: style])
    let framesetter = Framesetter(attributedString: string)

    Benchmark("20_KB_in_a_rectangle", configuration: BenchmarkSupport.configuration()) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 420, height: 1e6))))
        }
    }
    let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 2400, height: 2400))
    var attributes = FrameAttributes()
    attributes.clippingPaths = [
        ClippingPath(Path(rect: CGRect(x: 900, y: 600, width: 300, height: 400))),
        ClippingPath(Path(ellipseIn: CGRect(x: 400, y: 1400, width: 500, height: 500))),
    ]
    Benchmark("20_KB_in_a_circle_with_two_exclusions", configuration: BenchmarkSupport.configuration()) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(framesetter.frame(path: circle, attributes: attributes)) }
    }
    Benchmark("20_KB_in_three-column_pages", configuration: BenchmarkSupport.configuration()) { benchmark in
        for _ in benchmark.scaledIterations {
            var start = 0
            var column = 0
            while start < string.length, column < 200 {
                let frame = framesetter.frame(
                    stringRange: start..<string.length, path: Path(rect: CGRect(x: CGFloat(column % 3) * 180, y: 0, width: 160, height: 700)))
                start = frame.visibleStringRange.upperBound
                column += 1
                blackHole(frame)
            }
        }
    }
}
