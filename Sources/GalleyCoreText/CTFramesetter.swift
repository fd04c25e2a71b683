import Foundation
import Galley
import GalleyRendering

/// Galley's `Framesetter` as an object. Core Text: `CTFramesetter`.
public final class CTFramesetter: @unchecked Sendable {
    /// The framesetter.
    public let framesetter: Framesetter
    /// Its typesetter, the same object every time.
    let typesetter: CTTypesetter

    /// Galley's framesetter as a `CTFramesetter`.
    public init(_ framesetter: Framesetter) {
        self.framesetter = framesetter
        typesetter = CTTypesetter(framesetter.typesetter)
    }
}

/// Lines laid out in a path: Galley's `Frame` as an object, its lines made once. Core Text: `CTFrame`.
public final class CTFrame: @unchecked Sendable {
    /// The frame.
    public let frame: Frame
    /// The path as given.
    let path: CGPath
    /// The attributes as given.
    let attributes: CFDictionary?
    private let lineStorage = Locked<[CTLine]?>(nil)

    init(frame: Frame, path: CGPath, attributes: CFDictionary?) {
        self.frame = frame
        self.path = path
        self.attributes = attributes
    }

    var lines: [CTLine] {
        lineStorage.withLock { lines in
            if lines == nil { lines = frame.lines.map(CTLine.init) }
            return lines!
        }
    }
}

/// Core Text: `CTFramesetterCreateWithAttributedString`.
public func CTFramesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTFramesetter {
    CTFramesetter(Framesetter(attributedString: string, defaultFont: CoreTextEnvironment.defaultFont))
}

/// Core Text: `CTFramesetterCreateWithTypesetter`.
public func CTFramesetterCreateWithTypesetter(_ typesetter: CTTypesetter) -> CTFramesetter {
    CTFramesetter(Framesetter(typesetter: typesetter.typesetter))
}

/// Core Text: `CTFramesetterGetTypesetter`.
public func CTFramesetterGetTypesetter(_ framesetter: CTFramesetter) -> CTTypesetter { framesetter.typesetter }

/// Galley's frame attributes from Core Text's dictionary: the fill rule (even-odd unless `kCTFramePathFillWindingNumber`),
/// clipping paths with their rules, the progression.
func frameAttributes(_ dictionary: CFDictionary?) -> FrameAttributes {
    var attributes = FrameAttributes()
    guard let dictionary else { return attributes }
    let values = attributeDictionary(dictionary)
    func rule(_ value: Any?) -> Path.FillRule {
        (value as? NSNumber)?.uint32Value == CTFramePathFillRule.windingNumber.rawValue ? .winding : .evenOdd
    }
    attributes.pathFillRule = rule(values[NSAttributedString.Key(kCTFramePathFillRuleAttributeName as String)])
    if let progression = (values[NSAttributedString.Key(kCTFrameProgressionAttributeName as String)] as? NSNumber)?.intValue {
        attributes.progression = progression == 1 ? .rightToLeft : progression == 2 ? .leftToRight : .topToBottom
    }
    if let clipping = values[NSAttributedString.Key(kCTFrameClippingPathsAttributeName as String)] as? NSArray {
        attributes.clippingPaths = clipping.compactMap { entry in
            guard let entry = entry as? NSDictionary else { return nil }
            let fields = attributeDictionary(entry)
            guard let path = fields[NSAttributedString.Key(kCTFramePathClippingPathAttributeName as String)] as? CGPath else { return nil }
            return ClippingPath(path.path, fillRule: rule(fields[NSAttributedString.Key(kCTFramePathFillRuleAttributeName as String)]))
        }
    }
    return attributes
}

/// The frame of `range` (length 0: to the end) in `path`. Core Text: `CTFramesetterCreateFrame`.
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath, _ frameAttributes: CFDictionary?) -> CTFrame {
    let range = framesetter.typesetter.range(stringRange)
    let frame = framesetter.framesetter.frame(stringRange: range, path: path.path, attributes: GalleyCoreText.frameAttributes(frameAttributes))
    return CTFrame(frame: frame, path: path, attributes: frameAttributes)
}

/// The size `range` needs within `constraints`, and the range that fits through `fitRange`. Core Text:
/// `CTFramesetterSuggestFrameSizeWithConstraints`.
public func CTFramesetterSuggestFrameSizeWithConstraints(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ frameAttributes: CFDictionary?,
                                                         _ constraints: CGSize, _ fitRange: UnsafeMutablePointer<CFRange>?) -> CGSize {
    let suggestion = framesetter.framesetter.suggestFrameSize(stringRange: framesetter.typesetter.range(stringRange),
                                                              attributes: GalleyCoreText.frameAttributes(frameAttributes), constraints: constraints)
    fitRange?.pointee = CFRange(suggestion.fitRange)
    return suggestion.size
}

/// Core Text: `CTFrameGetStringRange`.
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { CFRange(frame.frame.stringRange) }
/// Core Text: `CTFrameGetVisibleStringRange`.
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange { CFRange(frame.frame.visibleStringRange) }
/// Core Text: `CTFrameGetPath`.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }
/// Core Text: `CTFrameGetFrameAttributes`.
public func CTFrameGetFrameAttributes(_ frame: CTFrame) -> CFDictionary? { frame.attributes }
/// The lines, top to bottom, as `CTLine`s (`as! [CTLine]`). Core Text: `CTFrameGetLines`.
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray { frame.lines as NSArray }

/// Copies the baseline origins of the lines in `range` (length 0: to the last line), relative to the path's bounding
/// box. Core Text: `CTFrameGetLineOrigins`.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let all = frame.frame.lineOrigins
    let start = min(max(range.location, 0), all.count)
    let end = range.length <= 0 ? all.count : min(start + range.length, all.count)
    for index in start..<end { origins[index - start] = all[index] }
}

/// Draws every line at its origin, in the context's user space (the path's coordinates). Core Text: `CTFrameDraw`.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    let saved = context.textPosition
    context.textPosition = .zero
    context.canvas.draw(frame.frame)
    context.textPosition = saved
}
