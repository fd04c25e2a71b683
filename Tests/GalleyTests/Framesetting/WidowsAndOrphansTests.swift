import Foundation
import Galley
import GalleyText
import Testing

/// CSS's `orphans` and `widows` on frames and containers: a frame that runs out of room inside a paragraph ends
/// early rather than leave fewer of its first lines at its bottom, or fewer of its last lines for the next frame;
/// every character still lands in one line or in the unshown rest.
@Suite struct WidowsAndOrphansTests {
    static let font = try! TestFonts.font("DejaVuSans.ttf", size: 12)

    static func text(_ style: ParagraphStyle) -> NSAttributedString {
        // A one-line paragraph and a six-line one (at 200 pt).
        NSAttributedString(string: "A short first paragraph.\n" + String(repeating: "words in the second paragraph ", count: 9),
                           attributes: [.font: font, .paragraphStyle: style])
    }

    static func lineHeight() -> CGFloat { font.ascent + font.descent }

    /// The frame of `lines` lines' height at 200 pt, and the second paragraph's lines in it and in all.
    static func frame(_ style: ParagraphStyle, lines: Int) -> (frame: Frame, inFrame: Int, total: Int) {
        let setter = Framesetter(attributedString: text(style))
        let frame = setter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 200, height: CGFloat(lines) * lineHeight() + 0.5)))
        let all = setter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 200, height: 10_000)))
        let second = 25
        return (frame, frame.lines.filter { $0.stringRange.lowerBound >= second }.count, all.lines.filter { $0.stringRange.lowerBound >= second }.count)
    }

    static func checkCoverage(_ frame: Frame) {
        var next = frame.stringRange.lowerBound
        for line in frame.lines {
            #expect(line.stringRange.lowerBound == next)
            next = line.stringRange.upperBound
        }
        #expect(frame.visibleStringRange == frame.stringRange.lowerBound..<next)
    }

    @Test func orphansMoveTheParagraphsStartOn() {
        var style = ParagraphStyle()
        let plain = Self.frame(style, lines: 2)
        #expect(plain.inFrame == 1 && plain.total >= 5, "one line of the second paragraph at the frame's bottom (of \(plain.total))")
        style.orphans = 2
        let kept = Self.frame(style, lines: 2)
        #expect(kept.inFrame == 0 && kept.frame.visibleStringRange == 0..<25, "it starts in the next frame")
        Self.checkCoverage(kept.frame)
        // Room for both lines: nothing moves.
        #expect(Self.frame(style, lines: 3).inFrame == 2)
    }

    @Test func widowsTakeLinesAlong() {
        var style = ParagraphStyle()
        // The first paragraph and all but one of the second's lines: one widow in the next frame.
        let total = Self.frame(style, lines: 1).total
        #expect(total >= 5)
        let plain = Self.frame(style, lines: total)
        #expect(plain.inFrame == total - 1)
        style.widows = 3
        let kept = Self.frame(style, lines: total)
        #expect(kept.inFrame == total - 3, "three lines go on, two more than the one that would")
        Self.checkCoverage(kept.frame)
        // With orphans too large to leave any: the whole paragraph goes on.
        style.orphans = total - 2
        #expect(Self.frame(style, lines: total).inFrame == 0)
        // A frame holding only the paragraph keeps what it can (nothing to end early for).
        let alone = Framesetter(attributedString: NSAttributedString(string: String(repeating: "words in a long paragraph ", count: 12),
                                                                      attributes: [.font: Self.font, .paragraphStyle: style]))
        let frame = alone.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 200, height: 2 * Self.lineHeight() + 0.5)))
        #expect(frame.lines.count == 2)
    }

    @Test func containersPassLinesOn() throws {
        var style = ParagraphStyle()
        style.orphans = 2
        style.widows = 2
        let storage = TextStorage(attributedString: Self.text(style))
        let first = TextContainer(size: CGSize(width: 210, height: 2 * Self.lineHeight() + 0.5))
        let manager = LayoutManager(textStorage: storage, textContainers: [first, TextContainer(size: CGSize(width: 210, height: 1000))])
        // The first container fits the first paragraph and one line of the second: the second paragraph starts in
        // the next container whole.
        #expect(manager.characterRange(forContainerAt: 0) == 0..<25)
        #expect(manager.characterRange(forContainerAt: 1) == 25..<storage.length)
    }

    /// A justified, hyphenated paragraph in frames of every height from 2 to 12 lines, each frame continued by the next
    /// from where it ended (as columns are).
    static func columns(_ style: ParagraphStyle, height lines: Int, width: CGFloat = 170) -> [Frame] {
        var style = style
        style.alignment = .justified
        style.hyphenationFactor = 1
        let text = "Typographers have long disliked a column that ends in the middle of a hyphenated word, because the reader "
            + "must carry the broken fragment across the page turn; they dislike equally a paragraph's solitary last line "
            + "stranded at the top of the next column. Optimal breaking considers the whole paragraph at once, and the "
            + "frame decides afterwards where its column ends, keeping lines together where the typographic rules demand."
        let setter = Framesetter(attributedString: NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style,
                                                                                               .language: "en-US"]))
        var frames: [Frame] = []
        var start = 0
        while start < text.utf16.count, frames.count < 40 {
            let frame = setter.frame(stringRange: start..<text.utf16.count,
                                     path: Path(rect: CGRect(x: 0, y: 0, width: width, height: CGFloat(lines) * lineHeight() + 0.5)))
            checkCoverage(frame)
            guard frame.visibleStringRange.upperBound > start else { break }
            frames.append(frame)
            start = frame.visibleStringRange.upperBound
        }
        return frames
    }

    /// TeX's `\brokenpenalty`: no column ends on a hyphenated line when one line fewer keeps the orphans; without the
    /// rule some do (or the test proves nothing).
    @Test func columnsDoNotEndOnHyphenatedLines() {
        var endedOnHyphens = 0
        for strategy in [LineBreakStrategy.greedy, .optimal()] {
            for height in 2...12 {
                var style = ParagraphStyle()
                style.lineBreakStrategy = strategy
                style.avoidsHyphenatedFrameEnds = false
                endedOnHyphens += Self.columns(style, height: height).dropLast().filter { $0.lines.last?.runs.contains(where: \.isInsertedHyphen) == true }.count
                style.avoidsHyphenatedFrameEnds = true
                let columns = Self.columns(style, height: height)
                for column in columns.dropLast() where column.lines.count >= 2 {
                    #expect(column.lines.last?.runs.contains(where: \.isInsertedHyphen) == false, "\(strategy), \(height) lines: \(column.visibleStringRange)")
                }
                // Every character is set in some column.
                #expect(columns.last?.visibleStringRange.upperBound == columns.first?.stringRange.upperBound)
            }
        }
        #expect(endedOnHyphens > 0)
    }

    /// Widows with optimal breaking: the lines left for the next column are counted as the next column sets them
    /// (optimally, from the column's end, where spaces may shrink and fewer lines than greedy breaking's may do), so
    /// the paragraph's last column holds at least `widows` lines, at every measure and column height tried.
    @Test func widowsHoldWithOptimalBreaking() {
        var checked = 0
        for width in stride(from: 150.0, through: 300, by: 5) {
            for height in 3...8 {
                var style = ParagraphStyle()
                style.lineBreakStrategy = .optimal()
                style.widows = 3
                let columns = Self.columns(style, height: height, width: CGFloat(width))
                guard columns.count > 1, let last = columns.last else { continue }
                #expect(last.lines.count >= 3, "\(height) lines of \(width) pt a column: the last column has \(last.lines.count)")
                checked += 1
            }
        }
        #expect(checked >= 100)
    }
}
