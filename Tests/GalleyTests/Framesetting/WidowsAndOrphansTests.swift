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
}
