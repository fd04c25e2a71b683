import Foundation
import Testing

@testable import Galley

/// Fullwidth punctuation trimmed at line starts (`trimsPunctuationAtLineStarts`): a bracket opening a line other
/// than its paragraph's first hangs its blank half into the margin, and greedy breaking gives the line that room;
/// size suggestions count it. (Chromium's agreement: `VerticalFrameTests`.)
@Suite struct PunctuationTrimmingTests {
    static func string(_ text: String, trims: Bool) throws -> NSAttributedString {
        var style = ParagraphStyle()
        style.trimsAdjacentPunctuation = trims
        style.trimsPunctuationAtLineStarts = trims
        return NSAttributedString(string: text, attributes: [.font: try TestFonts.font("NotoSerifCJKjp-Regular-Subset.otf", size: 10),
                                                             .paragraphStyle: style])
    }

    /// 「 opening the second line is set half into the margin: the line's origin moves back 5 pt (half its 10 pt).
    @Test func anOpeningBracketHangsHalfIntoTheMargin() throws {
        let text = "下人は雨やみを待つ「羅生門の下」"  // nine characters, then the bracket
        let path = Path(rect: CGRect(x: 0, y: 0, width: 90, height: 100))
        let plain = Framesetter(attributedString: try Self.string(text, trims: false)).frame(path: path)
        let trimmed = Framesetter(attributedString: try Self.string(text, trims: true)).frame(path: path)
        #expect(plain.lines.map(\.stringRange) == trimmed.lines.map(\.stringRange) && trimmed.lines[1].stringRange.lowerBound == 9)
        #expect(plain.lineOrigins[1].x == 0 && trimmed.lineOrigins[1].x == -5)
        #expect(trimmed.lineOrigins[0].x == 0, "a paragraph's first line keeps its bracket whole")
    }

    /// The half gives a line room: at 95 pt, ten characters with a bracket starting the line fit only trimmed.
    @Test func theHalfGivesTheLineRoom() throws {
        let text = "下人は雨やみを待つ。「羅生門の下で」と"
        let path = Path(rect: CGRect(x: 0, y: 0, width: 95, height: 100))
        let trimmed = Framesetter(attributedString: try Self.string("あ\n" + text, trims: true)).frame(path: path)
        let plain = Framesetter(attributedString: try Self.string("あ\n" + text, trims: false)).frame(path: path)
        #expect(trimmed.lines.map(\.stringRange) != plain.lines.map(\.stringRange))
        // Every size a suggestion gives shows what it says, with and without the trimming.
        for trims in [false, true] {
            let framesetter = Framesetter(attributedString: try Self.string(String(repeating: text, count: 6), trims: trims))
            for width in stride(from: 60.0, through: 200.0, by: 7.5) {
                let suggestion = framesetter.suggestFrameSize(constraints: CGSize(width: width, height: .greatestFiniteMagnitude))
                let frame = framesetter.frame(path: Path(rect: CGRect(origin: CGPoint(x: 3, y: -2), size: suggestion.size)))
                #expect(frame.visibleStringRange == suggestion.fitRange, "trims \(trims), width \(width)")
            }
        }
    }
}
