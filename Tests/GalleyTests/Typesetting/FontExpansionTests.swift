import Foundation
import Testing

@testable import Galley

/// Font expansion: justified lines widen or narrow their glyphs by their share of the line's adjustment (drawn
/// with a horizontally scaled font), optimal breaking counts that as stretch and shrink, and paragraphs come out
/// with fewer loose and fewer hyphenated lines.
@Suite struct FontExpansionTests {
    static let font = try! TestFonts.font("DejaVuSerif.ttf", size: 12)

    @Test func scaleByHand() {
        let expansion = FontExpansion.standard
        // 2% either way, ratios clamped to −1…1, rounded toward zero to half-percent steps.
        #expect(expansion.scale(forRatio: 0) == 1)
        #expect(abs(expansion.scale(forRatio: 1) - 1.02) < 1e-12 && abs(expansion.scale(forRatio: 5) - 1.02) < 1e-12)
        #expect(abs(expansion.scale(forRatio: -1) - 0.98) < 1e-12)
        #expect(abs(expansion.scale(forRatio: 0.6) - 1.01) < 1e-12, "1.2% rounds to 1%")
        #expect(abs(expansion.scale(forRatio: -0.3) - 0.995) < 1e-12)
        #expect(expansion.scale(forRatio: .nan) == 1)
        // Limits beyond 10% are held there; a step of 0 is continuous.
        #expect(abs(FontExpansion(stretch: 1, shrink: 0, step: 0).scale(forRatio: 0.5) - 1.05) < 1e-12)
        // The breaker's stretch: spaces' plus the limit times the width that is not spaces.
        let adjustable = OptimalLineBreaker.adjustability(natural: 100, stretch: 5, shrink: 3, expansion: expansion)
        #expect(abs(adjustable.stretch - (5 + 0.02 * 90)) < 1e-12 && abs(adjustable.shrink - (3 + 0.02 * 90)) < 1e-12)
    }

    static func text(expansion: FontExpansion?, strategy: LineBreakStrategy = .optimal()) -> NSAttributedString {
        let paragraph = "Font expansion lets a justified line set its letters a little wider or narrower, up to two percent, "
            + "so that the spaces between words need not stretch as far; pdfTeX made it practical, and a careful eye sees "
            + "fewer rivers and fewer hyphens in a column set with it. Glyphs are scaled horizontally; spaces are not."
        return JustifiedParagraph.make(paragraph, font: font, strategy: strategy) { $0.fontExpansion = expansion }
    }

    /// Each justified line spans the measure; its glyphs (not its spaces) are scaled by one factor in half-percent
    /// steps within ±2% of the same line unexpanded, its runs' fonts carry that scale, and its ink scales with it.
    @Test(arguments: [LineBreakStrategy.optimal(), .greedy])
    func expandedLinesSpanTheMeasureWithScaledGlyphs(strategy: LineBreakStrategy) throws {
        let width: CGFloat = 250
        let setter = Framesetter(attributedString: Self.text(expansion: .standard, strategy: strategy))
        let frame = setter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 1000)))
        var expanded = 0
        for line in frame.lines.dropLast() {
            #expect(abs(line.typographicBounds.width - line.trailingWhitespaceWidth - width) < 0.01)
            let plain = setter.typesetter.line(stringRange: line.stringRange)
            let units = Array(setter.typesetter.text.units)
            var scales: Set<Int> = []
            for (run, plainRun) in zip(line.runs, plain.runs) where !run.isInsertedHyphen {
                let indices = run.stringIndices
                for (index, (advance, plainAdvance)) in zip(run.advances.map(\.width), plainRun.advances.map(\.width)).enumerated()
                where plainAdvance > 1 && units[indices[index]] != 0x20 {
                    scales.insert(Int((advance / plainAdvance * 1000).rounded()))
                }
                #expect(abs(run.font.matrix.m11 - CGFloat(scales.first ?? 1000) / 1000) < 0.001 || scales.isEmpty)
            }
            #expect(scales.count <= 1, "one scale per line: \(scales)")
            if let scale = scales.first {
                #expect(scale >= 980 && scale <= 1020 && scale % 5 == 0, "scale \(scale)")
                if scale != 1000 {
                    expanded += 1
                    // The ink follows the advances (the drawn font is scaled): the first glyph's.
                    let ink = line.runs[0].imageBounds(in: 0..<1).width, plainInk = plain.runs[0].imageBounds(in: 0..<1).width
                    #expect(abs(ink / plainInk - CGFloat(scale) / 1000) < 0.002, "ink \(ink) against \(plainInk)")
                }
            }
        }
        #expect(expanded >= 2)
    }

    /// On Newton's paragraphs at two measures, expansion sets fewer loose lines and fewer hyphenated ones, and no
    /// overfull line (the target).
    @Test func fewerLooseAndHyphenatedLines() throws {
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent("newton-opticks.txt"), encoding: .utf8)
        let paragraphs = text.components(separatedBy: "\n\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { $0.split(separator: " ").count >= 40 }
        for width in [400.0, 300] {
            var measures: [LayoutStatistics] = []
            for expansion in [nil, FontExpansion.standard] {
                var style = ParagraphStyle()
                style.alignment = .justified
                style.hyphenationFactor = 1
                style.lineBreakStrategy = .optimal()
                style.fontExpansion = expansion
                let string = NSAttributedString(string: paragraphs.joined(separator: "\n"),
                                                attributes: [.font: Self.font, .paragraphStyle: style, .language: "en-US"])
                let setter = Framesetter(attributedString: string)
                measures.append(setter.statistics(of: setter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 100_000)))))
            }
            let (without, with) = (measures[0], measures[1])
            #expect(with.looseLines < without.looseLines && with.hyphenatedLines < without.hyphenatedLines && with.overfullLines == 0,
                    "\(width) pt: without \(without), with \(with)")
        }
    }
}
