import Foundation

// What GalleyText (the editing layer) needs from inside Galley and nobody else should: the paragraph rule the
// typesetter uses, so that a layout manager's paragraphs are the typesetter's. `@_spi(GalleyText)` keeps it out
// of the public interface.

/// Galley's paragraph separation for the editing layer.
@_spi(GalleyText) public enum ParagraphSeparation {
    /// The ranges of the paragraphs of UTF-16 text, each with its separator (LF, CR, CRLF, NEL, U+2029); one empty
    /// range for empty text.
    public static func ranges(_ units: [UInt16]) -> [Range<Int>] { ParagraphBoundaries.ranges(units) }

    /// Whether a UTF-16 unit ends a paragraph (CR may be followed by the LF it pairs with).
    public static func isSeparator(_ unit: UInt16) -> Bool { unit == 0x0A || unit == 0x0D || unit == 0x85 || unit == 0x2029 }
}

extension Typesetter {
    /// A typesetter over UTF-16 text and attribute runs (ranges within the text, as in an attributed string), for
    /// the editing layer, whose storage is not an `NSAttributedString`.
    @_spi(GalleyText) public convenience init(units: [UInt16], runs: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])],
                                              options: TypesetterOptions = TypesetterOptions(), defaultFont: Font? = nil,
                                              shouldBreak: (@Sendable (_ index: Int, _ isHyphenation: Bool) -> Bool)? = nil) {
        let text = AttributedText(units: units, runs: runs.map { ($0.range, StringAttributes($0.attributes)) },
                                  defaultFont: defaultFont ?? Font.defaultFont)
        self.init(text: text, options: options, breakVeto: shouldBreak)
    }
}

extension Framesetter {
    /// `frame(stringRange:path:attributes:)` with extra space below lines: `spacingAfterLine` gets each line's string
    /// range and returns the points to add below it (TextKit's line spacing hook).
    @_spi(GalleyText) public func frame(stringRange: Range<Int>, path: Path, attributes: FrameAttributes,
                                        spacingAfterLine: ((Range<Int>) -> CGFloat)?) -> Frame {
        var filler = FrameFiller(typesetter: typesetter, path: path, attributes: attributes)
        filler.extraSpacingAfterLine = spacingAfterLine
        return filler.fill(resolved(stringRange))
    }
}
