import Foundation
import Galley
import GalleyRendering
import Testing

/// A font matrix stretches advances and ink bounds as it stretches outlines (Core Text's `CTFontCreateWithName`
/// with a matrix), and `.expansion` (UIKit's `NSExpansionAttributeName`) is such a stretch: widths against
/// `hb-shape`'s advances, ink bounds against the pixels Cairo draws.
@Suite struct FontMatrixTests {
    static let text = "Stretch office AVATAR"

    /// The sum of hb-shape's advances for the text, in design units (the font at its units-per-em size).
    static func harfBuzzWidth(_ file: String, _ text: String) throws -> CGFloat {
        let output = try runProgram("/usr/bin/hb-shape", ["--no-glyph-names", TestFonts.url(file).path, text])
        return output.split(separator: "|").reduce(0) { total, entry in
            let advance = entry.split(separator: "+").last.map { $0.prefix { $0.isNumber || $0 == "-" } } ?? ""
            return total + (CGFloat(Int(advance) ?? 0))
        }
    }

    @Test func theMatrixStretchesAdvancesAsHarfBuzzsWidthsTimesItsScale() throws {
        let plain = try TestFonts.font("DejaVuSans.ttf", size: 0)
        let units = CGFloat(plain.unitsPerEm)
        let reference = try Self.harfBuzzWidth("DejaVuSans.ttf", Self.text)
        for stretch in [1.5, 0.75] as [CGFloat] {
            let font = try plain.withSize(units, matrix: AffineTransform(m11: stretch, m12: 0, m21: 0.2, m22: 1, tX: 0, tY: 0))
            let line = Line(attributedString: NSAttributedString(string: Self.text, attributes: [.font: font]))
            #expect(abs(line.typographicBounds.width - reference * stretch) < 0.5, "\(stretch): \(line.typographicBounds.width) against \(reference * stretch)")
            let glyphs = line.runs[0].glyphs
            #expect(abs(font.advances(for: glyphs).total - (try plain.withSize(units)).advances(for: glyphs).total * stretch) < 0.5,
                    "CTFontGetAdvancesForGlyphs through the matrix")
        }
        // Expansion: the same stretch from an attribute, fallback text included (Hebrew in another font).
        let expanded = Line(attributedString: NSAttributedString(string: Self.text + " שלום", attributes: [
            .font: try plain.withSize(units), .expansion: log(1.5),
        ]))
        let natural = Line(attributedString: NSAttributedString(string: Self.text + " שלום", attributes: [.font: try plain.withSize(units)]))
        #expect(expanded.runs.count == 2 && natural.runs.count == 2)
        for (wide, narrow) in zip(expanded.runs, natural.runs) {
            #expect(abs(wide.typographicBounds().width - narrow.typographicBounds().width * 1.5) < 0.5)
        }
    }

    @Test func expansionChangesWhereLinesBreak() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let text = String(repeating: "words that wrap ", count: 12)
        func lineCount(_ expansion: CGFloat) -> Int {
            let string = NSAttributedString(string: text, attributes: [.font: font, .expansion: expansion])
            return Framesetter(attributedString: string).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 200, height: 1000))).lines.count
        }
        #expect(lineCount(-0.3) < lineCount(0) && lineCount(0) < lineCount(0.3))
    }

    /// Every pixel the stretched glyphs ink lies in the line's image bounds, and the ink spans 1.5 times as wide.
    @Test func imageBoundsHoldTheStretchedInk() throws {
        let plain = try TestFonts.font("DejaVuSans.ttf", size: 16)
        var spans: [CGFloat] = []
        for font in [plain, try plain.withSize(16, matrix: AffineTransform(m11: 1.5, m12: 0, m21: 0.3, m22: 1, tX: 0, tY: 0))] {
            let line = Line(attributedString: NSAttributedString(string: "Wide glyphs", attributes: [.font: font]))
            let canvas = try Canvas(width: 260, height: 40, scale: 2)
            canvas.textPosition = CGPoint(x: 10, y: 12)
            canvas.draw(line)
            let bounds = line.imageBounds.offsetBy(dx: 10, dy: 12).insetBy(dx: -0.5, dy: -0.5)
            var minX = CGFloat.infinity, maxX = -CGFloat.infinity, outside = 0
            for y in 0..<80 {
                for x in 0..<520 where (canvas.pixel(x: x, y: y)?.alpha ?? 0) > 8 {
                    let point = CGPoint(x: (CGFloat(x) + 0.5) / 2, y: 40 - (CGFloat(y) + 0.5) / 2)
                    if !bounds.contains(point) { outside += 1 }
                    minX = min(minX, point.x)
                    maxX = max(maxX, point.x)
                }
            }
            #expect(outside == 0, "\(outside) inked pixels outside \(bounds)")
            spans.append(maxX - minX)
        }
        #expect(abs(spans[1] / spans[0] - 1.5) < 0.05, "\(spans)")
    }
}
