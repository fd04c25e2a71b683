import Foundation
import Testing

@testable import Galley

/// Vertical forms (the vertical-forms attribute): upright text shaped top to bottom gives the glyphs, vertical
/// advances and offsets that `hb-shape --direction=ttb` gives, and the text Unicode rotates (Latin, digits) is set
/// sideways, shaped as `hb-shape --direction=ltr` shapes it — run live on every line of the Japanese, Chinese and
/// Korean corpus texts in Droid Sans Fallback and in Noto Serif CJK JP (cut to the corpus), both with `vert` and real
/// `vhea`/`vmtx` metrics (and `VORG` in Noto's).
@Suite struct VerticalShapingTests {
    static let font = "DroidSansFallbackFull.ttf"
    static let fonts = [font, "NotoSerifCJKjp-Regular-Subset.otf"]

    /// The line a line of text makes with vertical forms, the font at its units per em (so that points are font
    /// units) and no fallback, as `galley shape --direction ttb` makes it.
    static func verticalLine(_ text: String, font: String = font) throws -> Line {
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
        for font in Self.fonts { try verticalFormsEqualHarfBuzz(corpus: corpus, font: font) }
    }

    private func verticalFormsEqualHarfBuzz(corpus: String, font: String) throws {
        // Each run of each line: upright runs shaped top to bottom, runs set sideways (Latin, digits) left to right —
        // each as hb-shape shapes the run's text in that direction.
        var pieces: [(run: Run, text: String, line: String)] = []
        for line in try Corpus.lines(corpus).prefix(200) {
            let vertical = try Self.verticalLine(line, font: font)
            for run in vertical.runs {
                #expect(run.isVertical != run.status.contains(.rotated))
                let text = (line as NSString).substring(with: NSRange(location: run.stringRange.lowerBound, length: run.stringRange.count))
                guard !text.contains("\n"), !text.isEmpty else { continue }
                pieces.append((run, text, line))
            }
        }
        var same = 0, upright = 0
        for vertical in [true, false] {
            let chosen = pieces.filter { $0.run.isVertical == vertical }
            guard !chosen.isEmpty else { continue }
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("runs.txt")
            try chosen.map(\.text).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            let theirs = try runProgram("/usr/bin/hb-shape", ["--no-glyph-names", "--direction=\(vertical ? "ttb" : "ltr")",
                                                              TestFonts.url(font).path, "--text-file=\(file.path)"])
                .split(separator: "\n").map { String($0.dropFirst().dropLast()) }
            try #require(theirs.count == chosen.count)
            for (piece, expected) in zip(chosen, theirs) {
                let units = Array(piece.line.utf16)
                let base = Run.scalarIndex(units, utf16Index: piece.run.stringRange.lowerBound)
                let ours = piece.run.harfBuzzEntries(scalarBase: base)
                if ours == expected { same += 1 } else {
                    Issue.record("\(corpus): \(piece.text.prefix(20)) (\(vertical ? "upright" : "sideways")): \(ours.prefix(150)) vs \(expected.prefix(150))")
                }
                if vertical { upright += 1 }
            }
        }
        print("vertical shaping, \(corpus), \(font): \(same) of \(pieces.count) runs (\(upright) upright) as hb-shape")
        #expect(same == pieces.count && upright > 0)
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
