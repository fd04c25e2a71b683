import Foundation
import Testing

@testable import Galley

/// Vertical forms (the vertical-forms attribute): text shaped top to bottom gives the glyphs, vertical advances and
/// offsets that `hb-shape --direction=ttb` gives, run live on every line of the Japanese, Chinese and Korean corpus
/// texts in Droid Sans Fallback (which has `vert` and real `vhea`/`vmtx` metrics).
@Suite struct VerticalShapingTests {
    static let font = "DroidSansFallbackFull.ttf"

    /// The line a line of text makes with vertical forms, the font at its units per em (so that points are font
    /// units) and no fallback, as `galley shape --direction ttb` makes it.
    static func verticalLine(_ text: String) throws -> Line {
        let base = try Font(url: TestFonts.url(font), catalog: FontCatalog(directories: []))
        let font = try base.withSize(CGFloat(base.unitsPerEm))
        var options = TypesetterOptions()
        options.forcedEmbeddingLevel = 0
        let string = NSAttributedString(string: text, attributes: [.font: font, .verticalForms: true])
        return Line(attributedString: string, options: options, defaultFont: font)
    }

    @Test(arguments: ["rashomon.txt", "ja_Jpan.txt", "zh_Hans.txt", "zh_Hant.txt", "ko_Kore.txt", "unsu-joh-eun-nal.txt",
                      "sunzi-bingfa-simplified.txt", "sunzi-bingfa-traditional.txt"])
    func verticalFormsEqualHarfBuzzTopToBottom(corpus: String) throws {
        let lines = Array(try Corpus.lines(corpus).prefix(200))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("lines.txt")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let theirs = try runProgram("/usr/bin/hb-shape", ["--no-glyph-names", "--direction=ttb", TestFonts.url(Self.font).path,
                                                          "--text-file=\(file.path)"]).split(separator: "\n").map(String.init)
        try #require(theirs.count == lines.count)
        var same = 0
        for (line, expected) in zip(lines, theirs) {
            let vertical = try Self.verticalLine(line)
            let allVertical = vertical.runs.allSatisfy { $0.isVertical }
            #expect(allVertical)
            if vertical.harfBuzzDescription == expected { same += 1 } else {
                Issue.record("\(corpus): \(line.prefix(20)): \(vertical.harfBuzzDescription.prefix(200)) vs \(expected.prefix(200))")
            }
        }
        print("vertical shaping, \(corpus): \(same) of \(lines.count) lines as hb-shape --direction=ttb")
        #expect(same == lines.count)
    }

    /// Vertical glyphs are the `vert` forms and their advances the `vmtx` ones: 、 and 。 change glyph, and an
    /// ideograph advances by the font's vertical advance, not its horizontal one; right-to-left text in a vertical run
    /// stays horizontal.
    @Test func verticalGlyphsAndAdvancesDiffer() throws {
        let base = try Font(url: TestFonts.url(Self.font), catalog: FontCatalog(directories: []))
        let font = try base.withSize(CGFloat(base.unitsPerEm))
        let horizontal = Line(attributedString: NSAttributedString(string: "、。", attributes: [.font: font]), defaultFont: font)
        let vertical = try Self.verticalLine("、。")
        #expect(horizontal.runs[0].glyphs != vertical.runs[0].glyphs)
        #expect(!horizontal.runs[0].isVertical && vertical.runs[0].isVertical)
        let naskh = try TestFonts.font("NotoNaskhArabic-Regular.ttf")
        let arabic = NSAttributedString(string: "مرحبا", attributes: [.font: naskh, .verticalForms: true])
        let sideways = Line(attributedString: arabic).runs.allSatisfy { !$0.isVertical }
        #expect(sideways)
    }
}
