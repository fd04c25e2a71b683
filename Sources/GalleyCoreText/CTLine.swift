import Foundation
import Galley
import GalleyRendering

/// Core Text: `CTLineTruncationType`.
public enum CTLineTruncationType: UInt32, Sendable {
    /// Core Text: `start`, `end`, `middle`.
    case start = 0, end = 1, middle = 2
    var galley: TruncationType {
        switch self {
        case .start: .start
        case .end: .end
        case .middle: .middle
        }
    }
}

/// A line of glyph runs: Galley's `Line` as an object, its runs made once (so the same `CTRun` objects come back).
/// Core Text: `CTLine`.
public final class CTLine: @unchecked Sendable {
    /// The line.
    public let line: Line
    private let runStorage = Locked<[CTRun]?>(nil)

    /// Galley's line as a `CTLine`.
    public init(_ line: Line) { self.line = line }

    /// The runs in visual order.
    var runs: [CTRun] {
        runStorage.withLock { runs in
            if runs == nil { runs = line.runs.map { CTRun(run: $0, line: line) } }
            return runs!
        }
    }
}

/// One unbroken line of the whole string. Core Text: `CTLineCreateWithAttributedString`.
public func CTLineCreateWithAttributedString(_ string: CFAttributedString) -> CTLine {
    CTLine(Line(attributedString: string, defaultFont: CoreTextEnvironment.defaultFont))
}

/// The line cut to `width` with `token` (nil: an ellipsis in the line's attributes) at `truncationType`'s place; nil
/// when nothing fits. Core Text: `CTLineCreateTruncatedLine`.
public func CTLineCreateTruncatedLine(_ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType, _ token: CTLine?) -> CTLine? {
    line.line.truncated(width: CGFloat(width), type: truncationType.galley, token: token?.line).map(CTLine.init)
}

/// The line stretched to `width` by `factor` (≥ 1: fully); nil when it has nothing to stretch. Core Text:
/// `CTLineCreateJustifiedLine`.
public func CTLineCreateJustifiedLine(_ line: CTLine, _ justificationFactor: CGFloat, _ justificationWidth: Double) -> CTLine? {
    line.line.justified(factor: justificationFactor, width: CGFloat(justificationWidth)).map(CTLine.init)
}

/// Core Text: `CTLineGetGlyphCount`.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.line.glyphCount }

/// The runs, in visual order, as `CTRun`s (`as! [CTRun]`). Core Text: `CTLineGetGlyphRuns`.
public func CTLineGetGlyphRuns(_ line: CTLine) -> CFArray { line.runs as NSArray }

/// Core Text: `CTLineGetStringRange`.
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { CFRange(line.line.stringRange) }

/// Where the line's origin goes to sit `flushFactor` of the way across `flushWidth` (0 left, 0.5 centred, 1 right).
/// Core Text: `CTLineGetPenOffsetForFlush`.
public func CTLineGetPenOffsetForFlush(_ line: CTLine, _ flushFactor: CGFloat, _ flushWidth: Double) -> Double {
    Double(line.line.penOffset(flushFactor: flushFactor, flushWidth: CGFloat(flushWidth)))
}

/// Draws the line at the context's text position. Core Text: `CTLineDraw`.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) { context.canvas.draw(line.line) }

/// The width, and the ascent, descent and leading through the pointers given. Core Text: `CTLineGetTypographicBounds`.
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?,
                                       _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    let bounds = line.line.typographicBounds
    ascent?.pointee = bounds.ascent
    descent?.pointee = bounds.descent
    leading?.pointee = bounds.leading
    return Double(bounds.width)
}

/// Core Text: `CTLineGetTrailingWhitespaceWidth`.
public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double { Double(line.line.trailingWhitespaceWidth) }

/// The ink bounds, relative to the context's text position when a context is given (else to the line's origin).
/// Core Text: `CTLineGetImageBounds`.
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    let bounds = line.line.imageBounds
    guard let context, !bounds.isNull else { return bounds }
    return bounds.offsetBy(dx: context.textPosition.x, dy: context.textPosition.y)
}

/// Core Text: `CTLineGetStringIndexForPosition`.
public func CTLineGetStringIndexForPosition(_ line: CTLine, _ position: CGPoint) -> CFIndex { line.line.stringIndex(forPosition: position) }

/// The caret offset of `charIndex`, and its secondary offset through the pointer. Core Text:
/// `CTLineGetOffsetForStringIndex`.
public func CTLineGetOffsetForStringIndex(_ line: CTLine, _ charIndex: CFIndex, _ secondaryOffset: UnsafeMutablePointer<CGFloat>?) -> CGFloat {
    let offsets = line.line.offset(forStringIndex: charIndex)
    secondaryOffset?.pointee = offsets.secondary
    return offsets.primary
}
