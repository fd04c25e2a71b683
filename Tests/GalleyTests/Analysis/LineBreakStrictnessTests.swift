import Foundation
import Testing

@testable import Galley

/// Kinsoku through ICU's `lb` keyword (`ParagraphStyle.lineBreakStrictness`): small kana and ー may start a line only
/// from `normal` on, iteration marks only when `loose` — UAX #14's classes CJ and NS as CLDR tailors them. Chromium's
/// `line-break` values give the same columns (`VerticalFrameTests.rashomonColumnBreaksAgreeWithChromium`).
@Suite struct LineBreakStrictnessTests {
    static func opportunities(_ text: String, _ strictness: LineBreakStrictness) -> [Int] {
        let units = Array(text.utf16)
        let breaks = LineBreakOpportunities(units[...], language: "ja", strictness: strictness)
        return (0..<breaks.positions.count).map { breaks.positions[$0] }
    }

    @Test func smallKanaAndIterationMarksStartLinesOnlyWhenLooser() {
        // ニ ャ ー 々 (a small kana, the prolonged sound mark, an iteration mark)
        let text = "ニャー時々"
        let strict = Self.opportunities(text, .strict), normal = Self.opportunities(text, .normal), loose = Self.opportunities(text, .loose)
        #expect(!strict.contains(1) && !strict.contains(2), "strict: \(strict)")
        #expect(normal.contains(1) && normal.contains(2) && !normal.contains(4), "normal: \(normal)")
        #expect(loose.contains(4), "loose: \(loose)")
        #expect(Self.opportunities(text, .automatic) == normal, "ICU's rules for Japanese are CLDR's normal")
    }

    /// Columns two ems long: strict keeps ャ and ー off their tops — あ stands alone, and ニャー, with no opportunity
    /// inside, is cut where it must be (a column that cannot break otherwise breaks between clusters); normal fills
    /// every column.
    @Test func framesBreakByTheParagraphsStrictness() throws {
        let font = try TestFonts.font("NotoSerifCJKjp-Regular-Subset.otf", size: 10)
        func columns(_ strictness: LineBreakStrictness) -> [Range<Int>] {
            var style = ParagraphStyle()
            style.lineBreakStrictness = strictness
            let string = NSAttributedString(string: "あニャーニャー", attributes: [.font: font, .verticalForms: true, .paragraphStyle: style])
            var attributes = FrameAttributes()
            attributes.progression = .rightToLeft
            return Framesetter(attributedString: string).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 100, height: 20.5)), attributes: attributes)
                .lines.map(\.stringRange)
        }
        #expect(columns(.strict) == [0..<1, 1..<3, 3..<4, 4..<6, 6..<7], "\(columns(.strict))")
        #expect(columns(.normal) == [0..<2, 2..<4, 4..<6, 6..<7], "\(columns(.normal))")
    }
}
