// A magazine page as Core Text code lays one out: a centred headline, body text flowing through two column paths,
// and pictures set inline through run delegates whose reference constant carries the image — found again when
// drawing by walking the frames' lines and runs. Written against Core Text's API; only the imports differ.
#if canImport(CoreText)
import CoreGraphics
import CoreText
#else
import GalleyCoreText
#endif
import Foundation

struct MagazinePage {
    /// A picture and the size it is set at; the run delegate's reference constant points at one.
    final class Picture {
        let image: CGImage
        let size: CGSize
        init(image: CGImage, size: CGSize) {
            self.image = image
            self.size = size
        }
    }

    var headline: String
    var paragraphs: [String]
    var pictures: [Picture]
    var fontName = "DejaVu Serif"
    var headlineFontName = "DejaVu Sans"

    /// The body: paragraphs, a picture after each of the first ones, on a U+FFFC with a run delegate.
    func body() -> CFAttributedString {
        let font = CTFontCreateWithName(fontName as CFString, 10, nil)
        var alignment = CTTextAlignment.justified
        var after: CGFloat = 6
        let style = withUnsafeBytes(of: &alignment) { alignmentBytes in
            withUnsafeBytes(of: &after) { afterBytes in
                let settings = [
                    CTParagraphStyleSetting(spec: .alignment, valueSize: alignmentBytes.count, value: alignmentBytes.baseAddress!),
                    CTParagraphStyleSetting(spec: .paragraphSpacing, valueSize: afterBytes.count, value: afterBytes.baseAddress!),
                ]
                return CTParagraphStyleCreate(settings, settings.count)
            }
        }
        let text = CFAttributedStringCreateMutable(kCFAllocatorDefault, 0)
        for (index, paragraph) in paragraphs.enumerated() {
            let start = CFAttributedStringGetLength(text)
            CFAttributedStringReplaceString(text, CFRangeMake(start, 0), (paragraph + "\n") as CFString)
            if index < pictures.count {
                let at = CFAttributedStringGetLength(text)
                CFAttributedStringReplaceString(text, CFRangeMake(at, 0), "\u{FFFC}\n" as CFString)
                var callbacks = CTRunDelegateCallbacks(
                    version: kCTRunDelegateVersion1,
                    dealloc: { reference in Unmanaged<Picture>.fromOpaque(reference).release() },
                    getAscent: { reference in Unmanaged<Picture>.fromOpaque(reference).takeUnretainedValue().size.height },
                    getDescent: { _ in 0 },
                    getWidth: { reference in Unmanaged<Picture>.fromOpaque(reference).takeUnretainedValue().size.width })
                let delegate = CTRunDelegateCreate(&callbacks, Unmanaged.passRetained(pictures[index]).toOpaque())
                CFAttributedStringSetAttribute(text, CFRangeMake(at, 1), kCTRunDelegateAttributeName, delegate)
            }
        }
        let all = CFRangeMake(0, CFAttributedStringGetLength(text))
        CFAttributedStringSetAttribute(text, all, kCTFontAttributeName, font)
        CFAttributedStringSetAttribute(text, all, kCTParagraphStyleAttributeName, style)
        CFAttributedStringSetAttribute(text, all, kCTForegroundColorAttributeName, CGColor(gray: 0.15, alpha: 1))
        return text
    }

    /// Draws the page into `bounds` of a y-up context; returns the range of the body that did not fit.
    @discardableResult
    func draw(in context: CGContext, bounds: CGRect) -> CFRange {
        context.setFillColor(CGColor(red: 1, green: 0.99, blue: 0.96, alpha: 1))
        context.fill(bounds)
        context.textMatrix = .identity

        // The headline, centred at the top.
        let headlineFont = CTFontCreateWithName(headlineFontName as CFString, 20, nil)
        let headlineAttributes = [kCTFontAttributeName: headlineFont as Any,
                                  kCTForegroundColorAttributeName: CGColor(red: 0.55, green: 0.1, blue: 0.1, alpha: 1)] as CFDictionary
        let title = CTLineCreateWithAttributedString(CFAttributedStringCreate(kCFAllocatorDefault, headline as CFString, headlineAttributes))
        let margin: CGFloat = 20
        let titleX = CTLineGetPenOffsetForFlush(title, 0.5, Double(bounds.width - 2 * margin))
        context.textPosition = CGPoint(x: bounds.minX + margin + CGFloat(titleX), y: bounds.maxY - margin - 20)
        CTLineDraw(title, context)

        // Two columns under it; the text runs on from the first into the second.
        let body = body()
        let framesetter = CTFramesetterCreateWithAttributedString(body)
        let gutter: CGFloat = 14
        let columnWidth = (bounds.width - 2 * margin - gutter) / 2
        let columnHeight = bounds.height - 2 * margin - 34
        var start = 0
        for column in 0..<2 {
            let rect = CGRect(x: bounds.minX + margin + CGFloat(column) * (columnWidth + gutter), y: bounds.minY + margin,
                              width: columnWidth, height: columnHeight)
            let path = CGMutablePath()
            path.addRect(rect)
            let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(start, 0), path, nil)
            CTFrameDraw(frame, context)
            drawPictures(of: frame, in: rect, context: context)
            let visible = CTFrameGetVisibleStringRange(frame)
            start = visible.location + visible.length
        }
        return CFRangeMake(start, CFAttributedStringGetLength(body) - start)
    }

    /// Draws the picture of every run-delegate run in the frame where its run sits.
    private func drawPictures(of frame: CTFrame, in rect: CGRect, context: CGContext) {
        let lines = CTFrameGetLines(frame) as! [CTLine]
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        for (line, origin) in zip(lines, origins) {
            for run in CTLineGetGlyphRuns(line) as! [CTRun] {
                let attributes = CTRunGetAttributes(run) as NSDictionary
                guard let value = attributes[kCTRunDelegateAttributeName as String] else { continue }
                let delegate = value as! CTRunDelegate
                let picture = Unmanaged<Picture>.fromOpaque(CTRunDelegateGetRefCon(delegate)).takeUnretainedValue()
                let x = CTLineGetOffsetForStringIndex(line, CTRunGetStringRange(run).location, nil)
                let place = CGRect(x: rect.minX + origin.x + x, y: rect.minY + origin.y, width: picture.size.width, height: picture.size.height)
                context.draw(picture.image, in: place)
            }
        }
    }
}
