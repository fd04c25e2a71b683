import Foundation
import Testing

@testable import Galley

/// What the attributes do to a line, checked against HarfBuzz's own numbers where one exists (the same text
/// shaped with the feature or without) and against the font's metrics.
@Suite struct LineAttributesTests {
    static let serif = try! TestFonts.font("DejaVuSerif.ttf", size: 20)
    static let libertine = try! TestFonts.font("LinLibertine_R.otf", size: 20)

    static func line(_ text: String, _ attributes: [NSAttributedString.Key: Any]) -> Line {
        Line(attributedString: NSAttributedString(string: text, attributes: attributes))
    }

    @Test func kernZeroTurnsKerningOffAndOtherValuesAddSpace() throws {
        let kerned = Self.line("AVAV", [.font: Self.serif])
        let unkerned = Self.line("AVAV", [.font: Self.serif, .kern: 0])
        #expect(kerned.typographicBounds.width < unkerned.typographicBounds.width)
        // hb-shape agrees: kern=0 gives the sum of nominal advances.
        let nominal = Self.serif.advances(for: unkerned.runs[0].glyphs).total
        #expect(abs(unkerned.typographicBounds.width - nominal) < 0.001)
        let spaced = Self.line("AVAV", [.font: Self.serif, .kern: 2.5])
        #expect(abs(spaced.typographicBounds.width - (kerned.typographicBounds.width + 4 * 2.5)) < 0.001)
        // NaN and infinite values count as absent.
        #expect(Self.line("AVAV", [.font: Self.serif, .kern: CGFloat.nan]).typographicBounds == kerned.typographicBounds)
        #expect(Self.line("AVAV", [.font: Self.serif, .kern: Double.infinity]).typographicBounds == kerned.typographicBounds)
    }

    @Test func ligatureLevelsAndTracking() throws {
        let standard = Self.line("office", [.font: Self.libertine])
        let none = Self.line("office", [.font: Self.libertine, .ligature: 0])
        let tracked = Self.line("office", [.font: Self.libertine, .tracking: 1])
        #expect(standard.glyphCount < none.glyphCount)
        #expect(none.glyphCount == 6)
        #expect(tracked.glyphCount == 6)  // tracking turns ligatures off, as in Core Text
        #expect(abs(tracked.typographicBounds.width - (none.typographicBounds.width + 6)) < 0.001)
        // Level 2 adds discretionary and historical ligatures: "ct" and "st" in Libertine are historical
        // (hb-shape --features=+hlig gives the same two ligature glyphs).
        #expect(Self.line("act st", [.font: Self.libertine, .ligature: 2]).glyphCount
            < Self.line("act st", [.font: Self.libertine]).glyphCount)
    }

    @Test func baselineShiftsAndSuperscriptsMoveRunsAndGrowMetrics() throws {
        let plain = Self.line("x", [.font: Self.serif])
        let raised = Self.line("x", [.font: Self.serif, .baselineOffset: 5])
        #expect(raised.runs[0].positions[0].y == 5)
        #expect(abs(raised.typographicBounds.ascent - (plain.typographicBounds.ascent + 5)) < 0.001)
        #expect(abs(raised.bounds(options: .excludeTypographicShifts).height - plain.bounds().height) < 0.001)
        let string = NSMutableAttributedString(string: "x2", attributes: [.font: Self.serif])
        string.addAttribute(.superscript, value: 1, range: NSRange(location: 1, length: 1))
        let superscript = Line(attributedString: string)
        let run = try #require(superscript.runs.last)
        #expect(run.font.size < Self.serif.size)
        #expect(run.positions[0].y > 0)
        #expect(run.attributes.font == run.font)
    }

    @Test func runDelegatesReserveSpace() throws {
        let delegate = RunDelegate(width: 30, ascent: 40, descent: 10, userInfo: "image-1")
        let string = NSMutableAttributedString(string: "a\u{FFFC}b", attributes: [.font: Self.serif])
        string.addAttribute(.runDelegate, value: delegate, range: NSRange(location: 1, length: 1))
        let line = Line(attributedString: string)
        #expect(line.runs.count == 3)
        let object = line.runs[1]
        #expect(object.isRunDelegate)
        #expect(object.typographicBounds().width == 30)
        #expect(line.typographicBounds.ascent == 40)
        #expect(line.typographicBounds.descent == max(10, Self.serif.descent))
        #expect(object.attributes.runDelegate?.userInfo as? String == "image-1")
        #expect(RunDelegate(width: .nan, ascent: -3, descent: .infinity).width == 0)
    }

    @Test func writingDirectionAttributeEmbedsAndOverrides() throws {
        // An override to right to left reverses Latin letters without control characters.
        let string = NSMutableAttributedString(string: "abc def", attributes: [.font: Self.serif])
        string.addAttribute(.writingDirection, value: [WritingDirectionEmbedding(.rightToLeft, isOverride: true)],
                            range: NSRange(location: 4, length: 3))
        let line = Line(attributedString: string)
        let last = try #require(line.runs.last)
        #expect(last.status.contains(.rightToLeft))
        #expect(last.stringIndices == [6, 5, 4])
        // Core Text's numbers work too: 1 | 2 = right to left override.
        string.addAttribute(.writingDirection, value: [NSNumber(value: 3)], range: NSRange(location: 0, length: 3))
        #expect(Line(attributedString: string).runs.first?.stringIndices == [2, 1, 0] || Line(attributedString: string).runs.contains { $0.stringIndices == [2, 1, 0] })
    }

    @Test func paragraphStyleDirectionOrdersRuns() throws {
        let style = ParagraphStyle(baseWritingDirection: .rightToLeft)
        let text = "abc \u{5D0}\u{5D1}"
        let line = Self.line(text, [.font: Self.serif, .paragraphStyle: style])
        // In a right-to-left paragraph the Hebrew comes first from the left, then the space, then "abc" (level 2).
        #expect(line.runs.first?.stringRange == 4..<6)
        #expect(line.runs.last?.stringRange == 0..<3)
        #expect(line.runs.last?.bidiLevel == 2)
        // Natural direction takes the first strong character: left to right here.
        #expect(Self.line(text, [.font: Self.serif]).runs.first?.stringRange == 0..<4)
    }

    @Test func swiftAttributedStringGivesTheSameLine() throws {
        var swift = AttributedString("Kern AV office")
        swift.galley.font = Self.libertine
        swift.galley.kern = 1
        let range = swift.range(of: "office")!
        swift[range].galley.underlineStyle = [.single, .patternDash]
        swift[range].galley.foregroundColor = Color(red: 1, green: 0, blue: 0)
        let fromSwift = Line(attributedString: swift)

        let ns = NSMutableAttributedString(string: "Kern AV office", attributes: [.font: Self.libertine, .kern: 1])
        ns.addAttributes([.underlineStyle: UnderlineStyle([.single, .patternDash]).rawValue,
                          .foregroundColor: Color(red: 1, green: 0, blue: 0)], range: NSRange(location: 8, length: 6))
        let fromNS = Line(attributedString: ns)
        #expect(fromSwift.harfBuzzDescription == fromNS.harfBuzzDescription)
        #expect(fromSwift.runs.map(\.attributes) == fromNS.runs.map(\.attributes))
        #expect(fromSwift.runs.last?.attributes.underlineStyle.pattern == .dash)
    }

    @Test func boundsTrailingWhitespaceAndFlush() throws {
        let line = Self.line("Hello  ", [.font: Self.serif])
        let space = Self.serif.advances(for: [Self.serif.glyph(forCodePoint: 0x20)!]).total
        #expect(abs(line.trailingWhitespaceWidth - 2 * space) < 0.001)
        let bounds = line.typographicBounds
        #expect(bounds.ascent == Self.serif.ascent && bounds.descent == Self.serif.descent)
        let rect = line.bounds()
        #expect(rect == CGRect(x: 0, y: -bounds.descent, width: bounds.width, height: bounds.ascent + bounds.descent + bounds.leading))
        let visible = bounds.width - line.trailingWhitespaceWidth
        #expect(line.penOffset(flushFactor: 0, flushWidth: 300) == 0)
        #expect(abs(line.penOffset(flushFactor: 0.5, flushWidth: 300) - (300 - visible) / 2) < 0.001)
        #expect(abs(line.penOffset(flushFactor: 7, flushWidth: 300) - (300 - visible)) < 0.001)
        // Ink lies inside the typographic box for ordinary text.
        let ink = line.imageBounds
        #expect(ink.minX >= 0 && ink.maxX <= bounds.width && ink.maxY <= bounds.ascent && ink.minY >= -bounds.descent)
        #expect(line.bounds(options: .useGlyphPathBounds) == ink)
    }

    @Test func runAccessorsAgree() throws {
        let line = Self.line("Wave \u{5E9}\u{5DC}\u{5D5}\u{5DD} office", [.font: Self.libertine])
        var pen: CGFloat = 0
        for run in line.runs {
            let (advances, origins) = run.baseAdvancesAndOrigins()
            let positions = run.positions
            for index in 0..<run.glyphCount {
                #expect(abs(positions[index].x - (pen + origins[index].x)) < 0.001)
                pen += advances[index].width
            }
            #expect(run.glyphs(in: 1..<2) == Array(run.glyphs.dropFirst().prefix(1)))
            #expect(run.glyphs(in: 1..<1) == Array(run.glyphs.dropFirst()))  // empty range: to the end
            #expect(run.stringIndices.allSatisfy { run.stringRange.contains($0) })
            #expect(run.textMatrix == AffineTransform())
        }
        #expect(abs(pen - line.typographicBounds.width) < 0.001)
        #expect(line.glyphCount == line.runs.reduce(0) { $0 + $1.glyphCount })
    }

    /// With `.includeLanguageExtents` a line's bounds hold the ink of stacked marks that its typographic bounds do not
    /// (Vietnamese with two marks over a capital, Thai with a tone mark over an upper vowel), and never shrink.
    @Test func languageExtentsHoldStackedMarks() throws {
        let cases: [(String, String)] = [("DejaVuSans.ttf", "Ỗ Ẫ Ệ̃"), ("Loma.ttf", "ปั้น กี้ ฟิ้")]
        var overflowed = 0
        for (file, text) in cases {
            let line = Line(attributedString: NSAttributedString(string: text, attributes: [.font: try TestFonts.font(file, size: 20)]))
            let ink = line.imageBounds, plain = line.bounds(), extended = line.bounds(options: .includeLanguageExtents)
            #expect(extended.minY <= plain.minY && extended.maxY >= plain.maxY)
            #expect(extended.minY <= ink.minY + 1e-6 && extended.maxY >= ink.maxY - 1e-6, "\(file): \(extended) vs ink \(ink)")
            if ink.maxY > plain.maxY + 0.5 || ink.minY < plain.minY - 0.5 { overflowed += 1 }
        }
        #expect(overflowed >= 1, "at least one case overflows the typographic bounds, which the option must fix")
    }
}
