import CUnicode
import Foundation
import Testing

@testable import Galley

/// The lines of mixed-direction paragraphs against ICU's own account of each line (`ubidi_setLine`: rule L1 at the
/// line's end and before separators, then the line's visual map): every grapheme cluster's level (its direction where
/// ICU reports a line of one direction at one level), and the runs in the order ICU shows their text. Lines come from greedy breaking at several widths, so most end inside their
/// paragraph with a space that L1 resets.
@Suite struct LineBidiTests {
    /// Arabic, Hebrew and Latin with digits, punctuation, brackets, runs of spaces, a mark or two, isolates and an
    /// embedded line feed; each in both paragraph directions.
    static let paragraphs = [
        "النص العربي with English words, 123 والأرقام ٤٥٦ (مثال: test-case) ونهاية.  Another sentence هنا؛ and more.",
        "مرحبًا بالعالم! This is \"quoted\" text — مع علامات، و 2024/11/26 تاريخ، and an e-mail a@b.org   نهاية",
        "שלום עולם: version 2.0 של התוכנה, released 12.03.2025 (ראו: https://example.org) ועוד טקסט ארוך לשורות.",
        "English first, then عربي then English again; numbers 1,234.56 and ٣٫١٤ — \u{2067}isolated عربي\u{2069} done.",
        "abc עברית def\tafter a tab עוד\u{2028}after a line separator end עברית",
        "سطر أول ينتهي هنا\nوسطر ثانٍ in the same text with English ونهاية",
    ]

    @Test func lineLevelsAndOrderAreICUsLineLevelsAndVisualMap() throws {
        let font = try TestFonts.font("NotoNaskhArabic-Regular.ttf", size: 14)
        var checkedLines = 0
        var mixedLines = 0
        for text in Self.paragraphs {
            for direction in [WritingDirection.rightToLeft, .leftToRight] {
                let units = Array(text.utf16)
                let attributed = NSAttributedString(string: text, attributes: [
                    .font: font, .paragraphStyle: ParagraphStyle(baseWritingDirection: direction),
                ])
                let typesetter = Typesetter(attributedString: attributed)
                for width in [90.0, 140, 230, 400] {
                    var start = 0
                    while start < units.count {
                        let count = typesetter.suggestLineBreak(startingAt: start, width: CGFloat(width))
                        let range = start..<(start + count)
                        start += max(count, 1)
                        // ICU resolves each paragraph of the text on its own: the line's paragraph is the one it starts in.
                        let paragraph = Self.paragraph(containing: range.lowerBound, in: units)
                        guard range.upperBound <= paragraph.upperBound else { continue }
                        let line = typesetter.line(stringRange: range)
                        let (levels, visual) = try Self.icuLine(units, paragraph: paragraph, line: range, direction: direction)
                        let runs = line.runs
                        if Set(runs.map(\.bidiLevel)).count > 1 { mixedLines += 1 }
                        // Every cluster start has ICU's level. (A line whose levels are all even or all odd ICU reports
                        // at one level, the paragraph's, as they show alike: there only the direction can be compared.)
                        let icuIsMixed = Set(levels.map { $0 & 1 }).count > 1
                        for run in runs {
                            for unit in run.stringRange where Self.startsCluster(unit, units) {
                                let icu = Int(levels[unit - range.lowerBound])
                                #expect(icuIsMixed ? run.bidiLevel == icu : run.bidiLevel & 1 == icu & 1,
                                        "\(direction) width \(width): unit \(unit) of \(range) (\(String(decoding: units[range], as: UTF16.self))) at level \(run.bidiLevel), ICU's \(icu)")
                            }
                        }
                        // ICU's visual map, each unit named by the run holding it, is the runs in their order.
                        var order: [Int] = []
                        for logical in visual {
                            let unit = range.lowerBound + Int(logical)
                            guard let run = runs.firstIndex(where: { $0.stringRange.contains(unit) }) else { continue }
                            if order.last != run { order.append(run) }
                        }
                        #expect(order == Array(runs.indices), "\(direction) width \(width): runs of \(range) shown as \(order)")
                        checkedLines += 1
                    }
                }
            }
        }
        #expect(checkedLines > 100)
        #expect(mixedLines > 40)
    }

    /// The paragraph (ICU's: ended by a paragraph separator, which it holds) around `offset`.
    static func paragraph(containing offset: Int, in units: [UInt16]) -> Range<Int> {
        let separators: Set<UInt16> = [0x0A, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2029]
        var start = offset
        while start > 0, !separators.contains(units[start - 1]) { start -= 1 }
        var end = offset
        while end < units.count, !separators.contains(units[end]) { end += 1 }
        return start..<min(end + 1, units.count)
    }

    static func startsCluster(_ unit: Int, _ units: [UInt16]) -> Bool {
        guard unit > 0 else { return true }
        let scalar = Unicode.Scalar(units[unit]).map { $0.properties.generalCategory } ?? .surrogate
        return scalar != .nonspacingMark && scalar != .enclosingMark && scalar != .surrogate
    }

    /// ICU's levels of `line` (UTF-16 offsets in `units`) inside `paragraph`, and its visual map (line offsets).
    static func icuLine(_ units: [UInt16], paragraph: Range<Int>, line: Range<Int>, direction: WritingDirection) throws
        -> (levels: [UInt8], visual: [Int32])
    {
        var levels = [UInt8](repeating: 0, count: line.count)
        var visual = [Int32](repeating: 0, count: line.count)
        let slice = Array(units[paragraph])
        let status = galley_bidi_line_levels(slice, Int32(slice.count), direction == .rightToLeft ? 1 : 0,
                                             Int32(line.lowerBound - paragraph.lowerBound), Int32(line.upperBound - paragraph.lowerBound),
                                             &levels, &visual)
        try #require(status == 0)
        return (levels, visual)
    }
}
