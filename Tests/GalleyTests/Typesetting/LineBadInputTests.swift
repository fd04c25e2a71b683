import Foundation
import Testing

@testable import Galley

/// Malformed input gives a defined line, never a crash, and every UTF-16 unit stays in exactly one run.
@Suite struct LineBadInputTests {
    static let font = try! TestFonts.font("DejaVuSans.ttf", size: 14)

    static func check(_ line: Line, length: Int, _ comment: Comment) {
        #expect(line.stringRange == 0..<length, comment)
        var covered = [Int](repeating: 0, count: length)
        for run in line.runs { for index in run.stringRange { covered[index] += 1 } }
        #expect(covered.allSatisfy { $0 == 1 }, comment)
        let bounds = line.typographicBounds
        #expect(bounds.width.isFinite && bounds.ascent.isFinite && bounds.descent.isFinite, comment)
        for index in 0...length { #expect(line.offset(forStringIndex: index).primary.isFinite, comment) }
    }

    @Test func emptyString() {
        // An empty attributed string has no attributes (as in Core Text): its height is the default font's.
        let line = Line(attributedString: NSAttributedString(string: "", attributes: [.font: Self.font]), defaultFont: Self.font)
        Self.check(line, length: 0, "empty")
        #expect(line.runs.isEmpty && line.glyphCount == 0)
        #expect(line.typographicBounds.width == 0)
        #expect(line.typographicBounds.ascent == Self.font.ascent)  // an empty line is as tall as its font
        #expect(line.imageBounds == .zero)
        #expect(line.stringIndex(forPosition: CGPoint(x: 10, y: 0)) == 0)
        #expect(line.characterRange(at: .zero) == nil)
    }

    @Test func unpairedSurrogatesAreShapedAsReplacement() {
        // NSString can hold unpaired surrogates; build the line from raw UTF-16.
        let units: [UInt16] = [0x61, 0xD800, 0x62, 0xDC00, 0xD83D, 0xDE00, 0xDE00]
        var attributes = StringAttributes()
        attributes.font = Self.font
        let line = Line(text: AttributedText(units: units, runs: [(0..<units.count, attributes)], defaultFont: Self.font))
        Self.check(line, length: units.count, "unpaired surrogates")
        var indices: [Int] = []
        line.enumerateCaretOffsets { _, index, leading, _ in if leading { indices.append(index) } }
        #expect(indices == [0, 1, 2, 3, 4, 6])  // the valid pair at 4 stays whole
    }

    @Test(arguments: [
        "\u{301}\u{308}", "\u{301}abc", "a\u{0}b\u{7}c\u{1B}[0m", "\t\r\n\u{2028}\u{2029}", "\u{200D}\u{200D}\u{FE0F}",
        "\u{202E}abc\u{202C}\u{2067}", "\u{FFFF}\u{FFFE}\u{E000}", "\u{E0001}\u{E0067}", "क्\u{200D}", "\u{1F3FB}",
        String(repeating: "\u{301}", count: 500), "🏳️‍🌈🏳️‍🌈👋🏽x\u{FE0F}",
    ])
    func controlsMarksAndOddSequences(text: String) {
        let line = Line(attributedString: NSAttributedString(string: text, attributes: [.font: Self.font]))
        Self.check(line, length: text.utf16.count, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func controlsDrawNothing() throws {
        // A tab reaches the next default tab stop (every 28 pt, as Core Text's lines do); line ends and other controls
        // are zero wide; all show the space glyph, never .notdef.
        let line = Line(attributedString: NSAttributedString(string: "a\tb\nc\r\n\u{7}\u{2028}\u{2029}", attributes: [.font: Self.font]))
        let run = try #require(line.runs.first)
        let space = try #require(Self.font.glyph(forCodePoint: 0x20))
        for (index, stringIndex) in run.stringIndices.enumerated() where [1, 3, 5, 6, 7, 8, 9].contains(stringIndex) {
            #expect(run.glyphs[index] == space)
            let tabWidth = 28 - Self.font.advances(for: Self.font.glyphs(forCharacters: [0x61]).glyphs).total
            #expect(abs(run.advances[index].width - (stringIndex == 1 ? tabWidth : 0)) < 1e-9)
        }
        #expect(!run.glyphs.contains(0))
    }

    @Test func missingGlyphsUseThePrimaryFontsNotdef() throws {
        // A font without fallback fonts: characters it lacks become glyph 0 of that font.
        let alone = try Font(url: TestFonts.url("DejaVuSans.ttf"), size: 14, catalog: FontCatalog(directories: []))
        let line = Line(attributedString: NSAttributedString(string: "a中b", attributes: [.font: alone]))
        Self.check(line, length: 3, "no fallback")
        #expect(line.runs.allSatisfy { $0.font == alone })
        let han = try #require(line.runs.first { $0.stringRange == 1..<2 })
        #expect(han.glyphs == [0])
    }

    @Test func wrongTypesAndNonFiniteNumbersAreIgnored() {
        let attributes: [NSAttributedString.Key: Any] = [
            .font: "Helvetica", .kern: "wide", .ligature: Double.nan, .baselineOffset: CGFloat.infinity,
            .underlineStyle: "single", .foregroundColor: 42, .writingDirection: "rtl", .superscript: Double.nan,
            .runDelegate: 3, .paragraphStyle: "left", .strokeWidth: -CGFloat.infinity,
        ]
        let line = Line(attributedString: NSAttributedString(string: "Text", attributes: attributes), defaultFont: Self.font)
        Self.check(line, length: 4, "wrong types")
        let run = line.runs[0]
        #expect(run.font == Self.font)
        #expect(run.attributes.kern == nil && run.attributes.baselineOffset == 0 && run.attributes.underlineStyle == [])
        #expect(run.attributes.ligature == 1 && run.attributes.strokeWidth == 0)
    }

    @Test func noFontAtAll() {
        // With no font anywhere (a machine without fonts), the line has no runs but keeps its string range.
        let text = AttributedText(units: Array("abc".utf16), runs: [], defaultFont: nil)
        let line = Line(text: text)
        #expect(line.stringRange == 0..<3)
        #expect(line.runs.isEmpty)
        #expect(line.typographicBounds.width == 0)
        #expect(line.offset(forStringIndex: 2) == (0, 0))
    }

    @Test func hundredThousandCharacterLine() {
        let text = String(repeating: "Lorem ipsum dolor sit amet, \u{645}\u{631}\u{62D}\u{628}\u{627} 😀 ", count: 2_800)
        let line = Line(attributedString: NSAttributedString(string: text, attributes: [.font: Self.font]))
        #expect(text.utf16.count > 100_000)
        #expect(line.stringRange.count == text.utf16.count)
        #expect(line.runs.count > 1000)
        #expect(line.typographicBounds.width > 0)
    }
}
