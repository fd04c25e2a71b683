import Foundation
import Testing

@testable import Galley

/// Tate-chu-yoko (`horizontalInVerticalForms`): a short run set horizontally, upright, in one em of the column.
@Suite struct TateChuYokoTests {
    /// A vertical line of Japanese with the given ranges combined (value 4).
    static func line(_ text: String, combined: [NSRange], size: CGFloat = 20) throws -> Line {
        let cjk = try TestFonts.font(VerticalFrameTests.font, size: size), latin = try TestFonts.font(VerticalFrameTests.latinFont, size: size)
        let string = NSMutableAttributedString(string: text, attributes: [.font: cjk, .verticalForms: true])
        var index = 0
        for scalar in text.unicodeScalars {
            if cjk.glyph(forCodePoint: scalar.value) == nil { string.addAttribute(.font, value: latin, range: NSRange(location: index, length: scalar.utf16.count)) }
            index += scalar.utf16.count
        }
        for range in combined { string.addAttribute(.horizontalInVerticalForms, value: 4, range: range) }
        return Line(attributedString: string)
    }

    @Test func twoDigitsTakeOneEmUpright() throws {
        let size: CGFloat = 20
        let line = try Self.line("平成31年", combined: [NSRange(location: 2, length: 2)], size: size)
        let run = try #require(line.runs.first { $0.stringRange == 2..<4 })
        #expect(run.isVertical && !run.status.contains(.rotated))
        // The digits' glyphs are their horizontal half-width forms, as hb-shape shapes "31" left to right with `hwid`.
        let expected = try runProgram("/usr/bin/hb-shape", ["--no-glyph-names", "--no-positions", "--no-clusters", "--features=hwid",
                                                            try #require(run.font.url).path, "31"])
        #expect("[" + run.glyphs.map(String.init).joined(separator: "|") + "]\n" == expected)
        // One em down the column, one cluster (a caret between the digits divides it, as in a ligature).
        #expect(abs(run.typographicBounds().width - size) < 1e-9)
        #expect(run.stringIndices == [2, 2])
        let (first, middle) = (line.offset(forStringIndex: 2).primary, line.offset(forStringIndex: 3).primary)
        #expect(middle > first && middle < first + size && abs(line.offset(forStringIndex: 4).primary - first - size) < 1e-9)
        // The ink: inside the em down the column and centred across it.
        let ink = run.imageBounds()
        let start = line.offset(forStringIndex: 2).primary
        #expect(ink.minX >= start && ink.maxX <= start + size)
        #expect(abs(ink.midY) < size * 0.1, "ink centred across the column: \(ink)")
        #expect(ink.height > size * 0.6 && ink.height <= size)
        // Side by side: the second digit lies right of the first on the page (further across the line).
        let positions = run.positions
        #expect(positions[1].y > positions[0].y && positions[0].x == positions[1].x)
    }

    /// Four digits are wider than an em: they are narrowed to it (the run's font carries the horizontal scale); five
    /// characters are more than the attribute allows and lie sideways as usual.
    @Test func wideRunsAreNarrowedAndLongRunsLieSideways() throws {
        let size: CGFloat = 20
        let line = try Self.line("令和2026年と12345年", combined: [NSRange(location: 2, length: 4), NSRange(location: 8, length: 5)], size: size)
        let year = try #require(line.runs.first { $0.stringRange == 2..<6 })
        #expect(year.isVertical && year.font.matrix.m11 < 1 && year.status.contains(.hasNonIdentityMatrix))
        let ink = year.imageBounds()
        #expect(ink.height <= size * 1.001 && ink.height > size * 0.7, "narrowed to an em across: \(ink)")
        #expect(abs(year.typographicBounds().width - size) < 1e-9)
        let long = line.runs.filter { $0.stringRange.overlaps(8..<13) }
        #expect(!long.isEmpty && long.allSatisfy { $0.status.contains(.rotated) })
    }
}
