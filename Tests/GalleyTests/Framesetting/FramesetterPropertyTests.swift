import Foundation
import Testing

@testable import Galley

/// Properties of frames over the corpus at several widths, where no reference exists: every UTF-16 index lies in
/// exactly one line or after the visible range; no line is wider than its fragment (unless one cluster alone
/// is); a frame of the suggested size shows exactly the suggested range; laying out again at the measured width
/// gives the same lines.
@Suite struct FramesetterPropertyTests {
    static let files = ["newton-opticks.txt", "candide.txt", "ar_Arab.txt", "he_Hebr.txt", "hi_Deva.txt", "th_Thai.txt",
                        "ja_Jpan.txt", "zh_Hans.txt", "ko_Kore.txt", "ru_Cyrl.txt", "vi_Latn.txt", "my_Mymr.txt"]

    static func framesetter(_ file: String) throws -> (Framesetter, Int) {
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent(file), encoding: .utf8)
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 11)
        let string = NSAttributedString(string: String(text.prefix(6000)), attributes: [.font: font])
        return (Framesetter(attributedString: string), string.length)
    }

    @Test(arguments: files)
    func everyIndexOnceAndLinesFitTheirFragments(file: String) throws {
        let (framesetter, length) = try Self.framesetter(file)
        for width in [90.0, 230.0, 410.0] {
            let frame = framesetter.frame(path: Path(rect: CGRect(x: 5, y: 7, width: width, height: 700)))
            var owner = [Int](repeating: 0, count: length)
            for line in frame.lines { for index in line.stringRange { owner[index] += 1 } }
            let visible = frame.visibleStringRange
            #expect(visible.lowerBound == 0)
            #expect((0..<length).allSatisfy { visible.contains($0) ? owner[$0] == 1 : owner[$0] == 0 }, "\(file) at \(width)")
            for (line, fragment) in zip(frame.lines, frame.lineFragments) {
                let visibleWidth = line.typographicBounds.width - line.trailingWhitespaceWidth
                let singleCluster = line.storage.caret.logical.filter { $0.right > $0.left }.count <= 1
                #expect(visibleWidth <= fragment.width + 0.01 || singleCluster, "\(file) at \(width): line \(line.stringRange) is \(visibleWidth) in \(fragment.width)")
            }
        }
    }

    @Test(arguments: files)
    func suggestedSizeShowsTheSuggestedRange(file: String) throws {
        let (framesetter, _) = try Self.framesetter(file)
        for width in [120.0, 333.0] {
            for height in [CGFloat.greatestFiniteMagnitude, 150] {
                let suggestion = framesetter.suggestFrameSize(constraints: CGSize(width: width, height: height))
                for origin in [CGPoint.zero, CGPoint(x: 13.7, y: -41.3)] {
                    let frame = framesetter.frame(path: Path(rect: CGRect(origin: origin, size: suggestion.size)))
                    #expect(frame.visibleStringRange == suggestion.fitRange, "\(file) \(width)×\(height) at \(origin)")
                }
                // Relayout at the measured width is stable: the same lines again.
                let wide = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: height == 150 ? 150 : 1e6)))
                let measured = framesetter.frame(path: Path(rect: CGRect(origin: .zero, size: suggestion.size)))
                #expect(wide.lines.map(\.stringRange) == measured.lines.map(\.stringRange), "\(file) \(width)")
            }
        }
    }

    @Test func columnsAndPagesContinueWhereTheLastFrameStopped() throws {
        let (framesetter, length) = try Self.framesetter("newton-opticks.txt")
        let columns = (0..<40).map { Path(rect: CGRect(x: CGFloat($0 % 2) * 200, y: 0, width: 180, height: 300)) }
        let frames = framesetter.frames(paths: columns)
        var expected = 0
        for frame in frames {
            #expect(frame.visibleStringRange.lowerBound == expected)
            expected = frame.visibleStringRange.upperBound
        }
        #expect(expected == length)
    }
}
