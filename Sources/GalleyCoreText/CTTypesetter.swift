import Foundation
import Galley

/// Core Text: `kCTTypesetterOptionForcedEmbeddingLevel`.
public var kCTTypesetterOptionForcedEmbeddingLevel: CFString { "CTTypesetterOptionForcedEmbeddingLevel" }
/// Core Text: `kCTTypesetterOptionAllowUnboundedLayout`.
public var kCTTypesetterOptionAllowUnboundedLayout: CFString { "CTTypesetterOptionAllowUnboundedLayout" }

/// Galley's `Typesetter` as an object. Core Text: `CTTypesetter`.
public final class CTTypesetter: @unchecked Sendable {
    /// The typesetter.
    public let typesetter: Typesetter

    /// Galley's typesetter as a `CTTypesetter`.
    public init(_ typesetter: Typesetter) { self.typesetter = typesetter }

    /// The Swift range of a Core Text one from `start` (length 0: to the end of the text).
    func range(_ range: CFRange) -> Range<Int> {
        let length = typesetter.length
        let start = min(max(range.location, 0), length)
        return start..<(range.length <= 0 ? length : min(start + range.length, length))
    }
}

/// Core Text: `CTTypesetterCreateWithAttributedString`.
public func CTTypesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTTypesetter {
    CTTypesetter(Typesetter(attributedString: string, defaultFont: CoreTextEnvironment.defaultFont))
}

/// With `kCTTypesetterOptionForcedEmbeddingLevel` (0 or 1) and `kCTTypesetterOptionAllowUnboundedLayout`.
/// Core Text: `CTTypesetterCreateWithAttributedStringAndOptions`.
public func CTTypesetterCreateWithAttributedStringAndOptions(_ string: CFAttributedString, _ options: CFDictionary?) -> CTTypesetter? {
    let values = options.map(attributeDictionary) ?? [:]
    let level = (values[NSAttributedString.Key(kCTTypesetterOptionForcedEmbeddingLevel as String)] as? NSNumber)?.intValue
    let unbounded = (values[NSAttributedString.Key(kCTTypesetterOptionAllowUnboundedLayout as String)] as? NSNumber)?.boolValue ?? false
    let typesetterOptions = TypesetterOptions(forcedEmbeddingLevel: level, allowsUnboundedLayout: unbounded)
    return CTTypesetter(Typesetter(attributedString: string, options: typesetterOptions, defaultFont: CoreTextEnvironment.defaultFont))
}

/// A line of `range` (length 0: to the end of the text), across paragraphs if it crosses them. Core Text:
/// `CTTypesetterCreateLine`.
public func CTTypesetterCreateLine(_ typesetter: CTTypesetter, _ range: CFRange) -> CTLine {
    CTTypesetterCreateLineWithOffset(typesetter, range, 0)
}

/// Core Text: `CTTypesetterCreateLineWithOffset`.
public func CTTypesetterCreateLineWithOffset(_ typesetter: CTTypesetter, _ range: CFRange, _ offset: Double) -> CTLine {
    CTLine(typesetter.typesetter.line(stringRange: typesetter.range(range), offset: CGFloat(offset)))
}

/// How many UTF-16 units from `startIndex` fit in `width` broken at a word. Core Text: `CTTypesetterSuggestLineBreak`.
public func CTTypesetterSuggestLineBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    typesetter.typesetter.suggestLineBreak(startingAt: startIndex, width: CGFloat(width))
}

/// Core Text: `CTTypesetterSuggestLineBreakWithOffset`.
public func CTTypesetterSuggestLineBreakWithOffset(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double, _ offset: Double) -> CFIndex {
    typesetter.typesetter.suggestLineBreak(startingAt: startIndex, width: CGFloat(width), offset: CGFloat(offset))
}

/// Core Text: `CTTypesetterSuggestClusterBreak`.
public func CTTypesetterSuggestClusterBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    typesetter.typesetter.suggestClusterBreak(startingAt: startIndex, width: CGFloat(width))
}

/// Core Text: `CTTypesetterSuggestClusterBreakWithOffset`.
public func CTTypesetterSuggestClusterBreakWithOffset(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double, _ offset: Double) -> CFIndex {
    typesetter.typesetter.suggestClusterBreak(startingAt: startIndex, width: CGFloat(width), offset: CGFloat(offset))
}
