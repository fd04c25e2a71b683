import Foundation
import Testing

@testable import Galley

/// Degenerate shapes and sizes give defined frames; pathological text takes bounded time.
@Suite struct FramesetterBadInputTests {
    static let font = try! TestFonts.font("DejaVuSans.ttf", size: 12)
    static let framesetter = Framesetter(attributedString: NSAttributedString(string: "Some text to lay out.\nAnd more.",
                                                                             attributes: [.font: font]))

    @Test(arguments: [
        Path(), Path(rect: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 100)), 
        Path(rect: CGRect(x: 0, y: 0, width: 100, height: 0)), Path(rect: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 100)),
        Path(elements: [.move(to: .zero), .line(to: CGPoint(x: 100, y: 0))]),
    ])
    func degeneratePathsGiveEmptyFrames(path: Path) {
        let frame = Self.framesetter.frame(path: path)
        #expect(frame.lines.isEmpty)
        #expect(frame.visibleStringRange.isEmpty)
        #expect(frame.stringRange == 0..<31)
    }

    @Test func reBreakingReusesTheShaping() {
        // Lines at two widths come from the same shaped paragraph object: breaking never reshapes it.
        let typesetter = Self.framesetter.typesetter
        let narrow = typesetter.line(stringRange: 0..<typesetter.suggestLineBreak(startingAt: 0, width: 40))
        let wide = typesetter.line(stringRange: 0..<typesetter.suggestLineBreak(startingAt: 0, width: 400))
        #expect(narrow.storage.paragraph === wide.storage.paragraph)
        #expect(narrow.storage.paragraph === typesetter.paragraphs[0].shaped)
        #expect(narrow.stringRange.count < wide.stringRange.count)
    }

    @Test func negativeSizesAreStandardizedRectangles() {
        // As in Core Graphics, a rectangle with a negative width is the same rectangle the other way round.
        let frame = Self.framesetter.frame(path: Path(rect: CGRect(x: 100, y: 0, width: -100, height: 100)))
        #expect(frame.lines.count == 3)
        #expect(frame.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func oddRangesAndSizes() {
        #expect(Self.framesetter.frame(stringRange: 100..<200, path: Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))).lines.isEmpty)
        #expect(Self.framesetter.frame(stringRange: 5..<5, path: Path(rect: CGRect(x: 0, y: 0, width: 300, height: 100))).stringRange == 5..<31)
        let typesetter = Self.framesetter.typesetter
        #expect(typesetter.suggestLineBreak(startingAt: 0, width: .nan) >= 1)
        #expect(typesetter.suggestLineBreak(startingAt: 0, width: -10) >= 1)
        #expect(typesetter.suggestLineBreak(startingAt: 99, width: 100) == 0)
        #expect(typesetter.suggestLineBreak(startingAt: -3, width: 100) == 0)
        let size = Self.framesetter.suggestFrameSize(constraints: CGSize(width: CGFloat.nan, height: -1))
        #expect(size.size.width.isFinite && size.size.height.isFinite)
        let empty = Framesetter(attributedString: NSAttributedString(string: ""), defaultFont: Self.font)
        #expect(empty.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))).lines.isEmpty)
    }

    @Test func hugeParagraphWithoutBreakOpportunities() {
        // 10 MB of one unbreakable "word": shaped in pieces of 1 Mi UTF-16 units, lines broken between clusters,
        // in time proportional to the length.
        let text = String(repeating: "x", count: 10_000_000)
        let framesetter = Framesetter(attributedString: NSAttributedString(string: text, attributes: [.font: Self.font]))
        #expect(framesetter.typesetter.paragraphRanges.count == 10)
        let frame = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 300, height: 200)))
        #expect(frame.lines.count > 5)
        #expect(frame.lines.allSatisfy { $0.stringRange.count > 10 })
    }

    @Test func hugeWordUnderOptimalBreakingWithHyphenation() {
        // The same 10 MB word justified, hyphenated and broken optimally: no break is feasible, so the breaker
        // falls back to greedy cluster breaks; words past the hyphenator's length limit are not looked up.
        var style = ParagraphStyle()
        style.alignment = .justified
        style.hyphenationFactor = 1
        style.lineBreakStrategy = .optimal()
        let text = String(repeating: "hyphenation", count: 1_000_000) + " end"
        let framesetter = Framesetter(attributedString: NSAttributedString(
            string: text, attributes: [.font: Self.font, .paragraphStyle: style, NSAttributedString.Key.language: "en-US"]))
        let frame = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 300, height: 200)))
        #expect(frame.lines.count > 5)
        #expect(frame.lines.allSatisfy { $0.typographicBounds.width <= 300.001 })
        #expect(frame.visibleStringRange.lowerBound == 0)
        // Narrower than one character: one cluster per line, nothing lost.
        let narrow = Framesetter(attributedString: NSAttributedString(
            string: "Optimal breaking of a short paragraph.", attributes: [.font: Self.font, .paragraphStyle: style, NSAttributedString.Key.language: "en-US"]))
        let tiny = narrow.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 2, height: 10_000)))
        #expect(tiny.visibleStringRange == 0..<38)
        #expect(tiny.lines.map(\.stringRange.count).reduce(0, +) == 38)
    }
}
