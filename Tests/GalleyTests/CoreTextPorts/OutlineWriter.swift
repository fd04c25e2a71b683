// Text turned into outlines and written as SVG path data, as Core Text code does to send lettering to a plotter or
// a vector editor: each run's glyphs through CTFontCreatePathForGlyph, placed at their positions, the whole flipped
// into SVG's y-down space. Written against Core Text's API; only the imports differ between platforms.
#if canImport(CoreText)
import CoreGraphics
import CoreText
#else
import GalleyCoreText
#endif
import Foundation

struct OutlineWriter {
    /// An SVG document of the string's outlines on one line, `margin` points around them.
    func svg(for string: CFAttributedString, margin: CGFloat = 4) -> (document: String, bounds: CGRect) {
        let line = CTLineCreateWithAttributedString(string)
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CGFloat(CTLineGetTypographicBounds(line, &ascent, &descent, &leading))
        let outlines = CGMutablePath()
        for run in CTLineGetGlyphRuns(line) as! [CTRun] {
            let attributes = CTRunGetAttributes(run) as NSDictionary
            let font = attributes[kCTFontAttributeName as String] as! CTFont
            let count = CTRunGetGlyphCount(run)
            var glyphs = [CGGlyph](repeating: 0, count: count)
            var positions = [CGPoint](repeating: .zero, count: count)
            CTRunGetGlyphs(run, CFRangeMake(0, 0), &glyphs)
            CTRunGetPositions(run, CFRangeMake(0, 0), &positions)
            for index in 0..<count {
                guard let glyph = CTFontCreatePathForGlyph(font, glyphs[index], nil) else { continue }
                // Core Text is y up from the baseline; SVG is y down from the top: move the glyph to its place on a
                // baseline `ascent + margin` below the top, then flip.
                let placement = CGAffineTransform(translationX: margin + positions[index].x, y: margin + ascent - positions[index].y)
                    .scaledBy(x: 1, y: -1)
                outlines.addPath(glyph, transform: placement)
            }
        }
        var data: [String] = []
        func number(_ value: CGFloat) -> String { String(format: "%.2f", Double(value)) }
        outlines.applyWithBlock { element in
            let points = element.pointee.points
            switch element.pointee.type {
            case .moveToPoint: data.append("M\(number(points[0].x)) \(number(points[0].y))")
            case .addLineToPoint: data.append("L\(number(points[0].x)) \(number(points[0].y))")
            case .addQuadCurveToPoint:
                data.append("Q\(number(points[0].x)) \(number(points[0].y)) \(number(points[1].x)) \(number(points[1].y))")
            case .addCurveToPoint:
                data.append("C\(number(points[0].x)) \(number(points[0].y)) \(number(points[1].x)) \(number(points[1].y)) \(number(points[2].x)) \(number(points[2].y))")
            case .closeSubpath: data.append("Z")
            @unknown default: break
            }
        }
        let size = CGSize(width: width + 2 * margin, height: ascent + descent + 2 * margin)
        let document = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(size.width))" height="\(number(size.height))">
            <path d="\(data.joined(separator: " "))"/>
            </svg>

            """
        return (document, outlines.boundingBoxOfPath)
    }
}
