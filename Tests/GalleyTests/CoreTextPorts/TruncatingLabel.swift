// A label as Core Text code on iOS and macOS draws one: measured with CTFramesetterSuggestFrameSizeWithConstraints,
// laid out in a frame, its last allowed line truncated with a tappable "… more" token. Written against Core Text's
// API from its documentation; only the imports below differ between Apple platforms and Linux.
#if canImport(CoreText)
import CoreGraphics
import CoreText
#else
import GalleyCoreText
#endif
import Foundation

struct TruncatingLabel {
    var text: String
    var fontName: String
    var fontSize: CGFloat
    var maximumLines: Int
    var textColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
    var linkColor = CGColor(red: 0.0, green: 0.35, blue: 0.85, alpha: 1)

    /// The text with its font, colour and paragraph style (2 pt between lines).
    func attributedString() -> CFAttributedString {
        let font = CTFontCreateWithName(fontName as CFString, fontSize, nil)
        var alignment = CTTextAlignment.natural
        var spacing: CGFloat = 2
        let style = withUnsafeBytes(of: &alignment) { alignmentBytes in
            withUnsafeBytes(of: &spacing) { spacingBytes in
                let settings = [
                    CTParagraphStyleSetting(spec: .alignment, valueSize: alignmentBytes.count, value: alignmentBytes.baseAddress!),
                    CTParagraphStyleSetting(spec: .lineSpacingAdjustment, valueSize: spacingBytes.count, value: spacingBytes.baseAddress!),
                ]
                return CTParagraphStyleCreate(settings, settings.count)
            }
        }
        let string = CFAttributedStringCreateMutable(kCFAllocatorDefault, 0)
        CFAttributedStringReplaceString(string, CFRangeMake(0, 0), text as CFString)
        let all = CFRangeMake(0, CFAttributedStringGetLength(string))
        CFAttributedStringSetAttribute(string, all, kCTFontAttributeName, font)
        CFAttributedStringSetAttribute(string, all, kCTForegroundColorAttributeName, textColor)
        CFAttributedStringSetAttribute(string, all, kCTParagraphStyleAttributeName, style)
        return string
    }

    /// The token that ends a truncated label.
    func token() -> CTLine {
        let font = CTFontCreateWithName(fontName as CFString, fontSize, nil)
        let attributes = [kCTFontAttributeName: font as Any, kCTForegroundColorAttributeName: linkColor] as CFDictionary
        return CTLineCreateWithAttributedString(CFAttributedStringCreate(kCFAllocatorDefault, "… more" as CFString, attributes))
    }

    /// The size the whole text needs at `width`, and how much of it fits in `maximumLines` lines.
    func measure(width: CGFloat) -> (size: CGSize, lines: Int) {
        let framesetter = CTFramesetterCreateWithAttributedString(attributedString())
        var fitRange = CFRangeMake(0, 0)
        let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRangeMake(0, 0), nil,
                                                                CGSize(width: width, height: .greatestFiniteMagnitude), &fitRange)
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: width, height: size.height + 1))
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, nil)
        return (size, CFArrayGetCount(CTFrameGetLines(frame)))
    }

    /// Draws the label into `rect` of a y-up context, a background behind it; returns the lines drawn.
    @discardableResult
    func draw(in context: CGContext, rect: CGRect) -> [CTLine] {
        context.saveGState()
        context.setFillColor(CGColor(gray: 0.96, alpha: 1))
        context.fill(rect)
        context.restoreGState()

        let string = attributedString()
        let framesetter = CTFramesetterCreateWithAttributedString(string)
        let path = CGPath(rect: rect, transform: nil)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, nil)
        let lines = CTFrameGetLines(frame) as! [CTLine]
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)

        context.textMatrix = .identity
        var drawn: [CTLine] = []
        for (index, line) in lines.prefix(maximumLines).enumerated() {
            var line = line
            let range = CTLineGetStringRange(line)
            let isLast = index == maximumLines - 1 && range.location + range.length < CFAttributedStringGetLength(string)
            if isLast {
                // The rest of the text on one line, cut at the label's width with the token.
                let rest = CFAttributedStringCreateWithSubstring(kCFAllocatorDefault, string,
                                                                 CFRangeMake(range.location, CFAttributedStringGetLength(string) - range.location))
                let restLine = CTLineCreateWithAttributedString(rest)
                line = CTLineCreateTruncatedLine(restLine, Double(rect.width), .end, token()) ?? line
            }
            context.textPosition = CGPoint(x: rect.minX + origins[index].x, y: rect.minY + origins[index].y)
            CTLineDraw(line, context)
            drawn.append(line)
        }
        return drawn
    }
}
