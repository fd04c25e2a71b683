import Foundation
import GalleyCommandSupport
import Testing

@testable import Galley

/// Optimal breaking with `OptimalBreakParameters.tex` against TeX itself: LuaTeX (plain, luaotfload, the same font
/// file) sets the paragraphs of Newton's Opticks with Galley's line-break opportunities as its breakpoints
/// (`TeXReferee`, Benchmarks/TeX), and Galley must break every paragraph where TeX does, at three measures.
/// Galley's default parameters must set the same paragraphs better than TeX on every measure of the table.
/// `make compare-tex` runs the same on 490 paragraphs of Tom Sawyer and prints the quality table.
@Suite struct TeXLineBreakingTests {
    static let texDirectory = TestFonts.root.appendingPathComponent("Benchmarks/TeX").path

    /// Newton's paragraphs of 40 words or more in DejaVu Serif 12 pt, written for TeX into a fresh folder (the caller
    /// removes it).
    static func newton() throws -> (paragraphs: [ComparedParagraph], input: URL, work: URL) {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 12)
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent("newton-opticks.txt"), encoding: .utf8)
        let paragraphs = TeXReferee.paragraphs(text, minimumWords: 40).map { ComparedParagraph(text: $0, font: font) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("galley-tex-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let input = work.appendingPathComponent("paragraphs.txt")
        try paragraphs.map(\.texInput).joined(separator: "\n").appending("\n").write(to: input, atomically: true, encoding: .utf8)
        return (paragraphs, input, work)
    }

    @Test func texParametersBreakWhereTeXBreaks() throws {
        let (paragraphs, input, work) = try Self.newton()
        defer { try? FileManager.default.removeItem(at: work) }
        #expect(paragraphs.count >= 15)
        var lines = 0
        var hyphenated = 0
        var texMeasures = BreakMeasures(), defaultMeasures = BreakMeasures()
        for width in [400.0, 300, 250] {
            let tex = try TeXReferee.run(directory: Self.texDirectory, input: input, fontFile: TestFonts.url("DejaVuSerif.ttf").path, size: 12, width: width)
            try #require(tex.count == paragraphs.count)
            for (paragraph, texLines) in zip(paragraphs, tex) {
                let galley = paragraph.lines(width: CGFloat(width), parameters: .tex)
                #expect(galley.map(\.firstSegment) == texLines.map(\.firstSegment),
                        "\(Int(width)) pt\n  TeX:    \(paragraph.describe(texLines))\n  Galley: \(paragraph.describe(galley))")
                // The same lines measure the same: what TeX's luaotfload and Galley's HarfBuzz make of the font.
                if galley.map(\.firstSegment) == texLines.map(\.firstSegment) {
                    for (line, texLine) in zip(galley, texLines) {
                        #expect(abs(line.naturalWidth - texLine.naturalWidth) < 0.5, "\(Int(width)) pt: \(line) against TeX's \(texLine)")
                    }
                }
                texMeasures.add(texLines, reference: texLines)
                defaultMeasures.add(paragraph.lines(width: CGFloat(width), parameters: .default), reference: texLines)
                lines += texLines.count
                hyphenated += texLines.filter(\.isHyphenated).count
            }
        }
        // Galley's defaults set these paragraphs (which they were not tuned on) better than TeX on every measure.
        let table = BreakMeasures.table([("TeX", texMeasures), ("Galley's default", defaultMeasures)]).joined(separator: "\n")
        #expect(defaultMeasures.totalBadness <= texMeasures.totalBadness && defaultMeasures.looseLines <= texMeasures.looseLines
                    && defaultMeasures.fitnessJumps <= texMeasures.fitnessJumps && defaultMeasures.hyphenRuns <= texMeasures.hyphenRuns
                    && defaultMeasures.hyphenatedPenultimate <= texMeasures.hyphenatedPenultimate && defaultMeasures.overfullLines == 0,
                "\n\(table)")
        // The comparison covers real choices: many lines, hyphenation among them.
        #expect(lines > 400 && hyphenated > 30, "\(lines) lines, \(hyphenated) hyphenated")
    }

    /// With character protrusion on both sides (Galley's standard table given to luaotfload as a protrusion setup,
    /// `\protrudechars=2`), `.tex` still breaks where TeX does in nearly every paragraph: TeX keeps protrusion in
    /// thousandths of an em, Galley exactly, so a line at the edge of its tolerance can fall either way (Tom Sawyer:
    /// 978 of 980 paragraphs at 400 and 300 pt).
    @Test func texParametersBreakWhereTeXBreaksWithProtrusion() throws {
        let (paragraphs, input, work) = try Self.newton()
        defer { try? FileManager.default.removeItem(at: work) }
        var same = 0, total = 0, protruding = 0
        for width in [400.0, 300, 250] {
            let tex = try TeXReferee.run(directory: Self.texDirectory, input: input, fontFile: TestFonts.url("DejaVuSerif.ttf").path, size: 12,
                                         width: width, protrusion: .standard)
            try #require(tex.count == paragraphs.count)
            for (paragraph, texLines) in zip(paragraphs, tex) {
                let galley = paragraph.lines(width: CGFloat(width), parameters: .tex, protrusion: .standard)
                let plain = paragraph.lines(width: CGFloat(width), parameters: .tex)
                if galley.map(\.firstSegment) == texLines.map(\.firstSegment) { same += 1 }
                if galley.map(\.firstSegment) != plain.map(\.firstSegment) { protruding += 1 }
                total += 1
            }
        }
        #expect(Double(same) >= 0.95 * Double(total), "\(same) of \(total) paragraphs with TeX's breaks")
        // Protrusion changes the breaks of some paragraphs (or the comparison proves nothing about it).
        #expect(protruding >= 5, "\(protruding) paragraphs broken differently with protrusion")
    }
}
