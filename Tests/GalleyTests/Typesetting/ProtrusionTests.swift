import Foundation
import Testing

@testable import Galley

/// Character protrusion: line bounds with Core Text's optical-bounds and hanging-punctuation options, frames that set
/// the protruding characters past the margins, and optimal breaking that measures lines as they are set.
@Suite struct ProtrusionTests {
    static let font = try! TestFonts.font("DejaVuSerif.ttf", size: 12)

    /// The advance of the character at `index` in `line`, from its caret offsets.
    static func advance(_ line: Line, at index: Int) -> CGFloat {
        abs(line.offset(forStringIndex: index + 1).primary - line.offset(forStringIndex: index).primary)
    }

    @Test func opticalBoundsAndHangingPunctuationByHand() throws {
        let line = Typesetter(attributedString: NSAttributedString(string: "Tea.", attributes: [.font: Self.font])).line(stringRange: 0..<4)
        let t = Self.advance(line, at: 0), period = Self.advance(line, at: 3)
        let width = line.typographicBounds.width
        #expect(t > 5 && period > 2)
        // Optical bounds: T hangs a twentieth of its advance at the left, the period 70% of its own at the right.
        let optical = line.bounds(options: .useOpticalBounds)
        #expect(abs(optical.minX - 0.05 * t) < 1e-6 && abs(optical.width - (width - 0.05 * t - 0.7 * period)) < 1e-6)
        // Hanging punctuation: the period alone.
        let hanging = line.bounds(options: .useHangingPunctuation)
        #expect(hanging.minX == 0 && abs(hanging.width - (width - 0.7 * period)) < 1e-6)
        // Typographic bounds are unchanged, and a right-to-left line hangs its final period at the left.
        #expect(line.bounds().width == width)
        let hebrew = try TestFonts.font("NotoSansHebrew-Regular.ttf", size: 12)
        let rtl = Typesetter(attributedString: NSAttributedString(string: "שלום.", attributes: [.font: hebrew])).line(stringRange: 0..<5)
        let rtlPeriod = Self.advance(rtl, at: 4)
        #expect(abs(rtl.bounds(options: .useHangingPunctuation).minX - 0.7 * rtlPeriod) < 1e-6)
    }

    static func paragraph(protrusion: CharacterProtrusion?, strategy: LineBreakStrategy) -> NSAttributedString {
        let text = "“Typographers,” she said, “have long hung punctuation into the margin — periods, commas, hyphens and quotes — "
            + "so that a justified column looks straight to the eye: a line that ends with a small mark leaves a notch. "
            + "Virtually every fine book set with TeX’s microtype package, or with InDesign’s optical margin alignment, does this."
        return JustifiedParagraph.make(text, font: font, strategy: strategy) { $0.characterProtrusion = protrusion }
    }

    /// Justified lines set with protrusion: each line's visible text spans the measure plus what its end characters
    /// hang (measured from the set glyphs), so their ink edges, not their advance boxes, line up.
    @Test(arguments: [LineBreakStrategy.greedy, .optimal()])
    func protrudingCharactersPassTheMargins(strategy: LineBreakStrategy) throws {
        let width: CGFloat = 230
        let setter = Framesetter(attributedString: Self.paragraph(protrusion: .standard, strategy: strategy))
        let frame = setter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 1000)))
        let units = Array(Self.paragraph(protrusion: nil, strategy: strategy).string.utf16)
        var hangingRight = 0, hangingLeft = 0
        for (index, (line, origin)) in zip(frame.lines, frame.lineOrigins).enumerated() where index < frame.lines.count - 1 {
            let range = line.stringRange
            var visibleEnd = range.upperBound
            while units[visibleEnd - 1] == 0x20 { visibleEnd -= 1 }
            let first = units[range.lowerBound]
            let hyphen = line.runs.first(where: \.isInsertedHyphen)
            let lastAdvance = hyphen.map { $0.typographicBounds(in: nil).width } ?? Self.advance(line, at: visibleEnd - 1)
            let left = CharacterProtrusion.standard.start(UInt32(first)) * Self.advance(line, at: range.lowerBound)
            let right = CharacterProtrusion.standard.end(hyphen != nil ? 0x2010 : UInt32(units[visibleEnd - 1])) * lastAdvance
            let visible = line.typographicBounds.width - line.trailingWhitespaceWidth
            #expect(abs(origin.x - -left) < 0.01, "line \(index) starts at \(origin.x), \(left) into the margin expected")
            #expect(abs(origin.x + visible - (width + right)) < 0.01, "line \(index) ends at \(origin.x + visible), \(right) past the measure expected")
            if right > 0 { hangingRight += 1 }
            if left > 0 { hangingLeft += 1 }
        }
        #expect(hangingRight >= 2 && hangingLeft >= 1, "\(hangingRight) lines hang at the right, \(hangingLeft) at the left")
        // Without protrusion every justified line spans the measure exactly.
        let plain = Framesetter(attributedString: Self.paragraph(protrusion: nil, strategy: strategy))
            .frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 1000)))
        for (line, origin) in zip(plain.lines.dropLast(), plain.lineOrigins) {
            #expect(origin.x == 0 && abs(line.typographicBounds.width - line.trailingWhitespaceWidth - width) < 0.01)
        }
    }

    /// Optimal breaking measures each line with its protrusion, as it is set: the statistics' ratios (measured as the
    /// breaker measures) are those of the set lines' spaces.
    @Test func optimalBreakingMeasuresLinesAsSet() throws {
        let width: CGFloat = 230
        let setter = Framesetter(attributedString: Self.paragraph(protrusion: .standard, strategy: .optimal()))
        let frame = setter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 1000)))
        let statistics = setter.statistics(of: frame)
        #expect(statistics.overfullLines == 0)
        let natural = Framesetter(attributedString: Self.paragraph(protrusion: .standard, strategy: .optimal()))
        for (measure, line) in zip(statistics.lines, frame.lines) where !measure.endsParagraph {
            let ratio = try #require(measure.adjustmentRatio)
            // The set line's extra width over its natural width is the ratio times its spaces' stretch (or shrink).
            let unjustified = natural.typesetter.line(stringRange: line.stringRange.lowerBound..<line.stringRange.upperBound)
            let spaces = CGFloat(Array(natural.typesetter.text.units[line.stringRange]).dropLast().filter { $0 == 0x20 }.count)
            let space = Self.advance(unjustified, at: line.stringRange.lowerBound + (Array(natural.typesetter.text.units[line.stringRange]).firstIndex(of: 0x20) ?? 0))
            let grown = (line.typographicBounds.width - line.trailingWhitespaceWidth) - (unjustified.typographicBounds.width - unjustified.trailingWhitespaceWidth)
                - (line.runs.contains(where: \.isInsertedHyphen) ? 0 : 0)
            let expected = ratio * spaces * space * (ratio > 0 ? OptimalLineBreaker.stretchOfSpace : OptimalLineBreaker.shrinkOfSpace)
            #expect(abs(grown - expected) < 0.05 || line.runs.contains(where: \.isInsertedHyphen), "ratio \(ratio): grew \(grown), \(expected) expected")
        }
    }
}
