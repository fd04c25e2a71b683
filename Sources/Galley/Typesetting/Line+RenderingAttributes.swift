import Foundation

extension Line {
    /// The keys `applyingRenderingAttributes(_:)` draws: colours and decorations, which change no glyph or position.
    public static let renderingAttributeKeys: Set<NSAttributedString.Key> = [
        .foregroundColor, .backgroundColor, .underlineStyle, .underlineColor, .strikethroughStyle, .strikethroughColor,
    ]

    /// The line with drawing-only attributes laid over ranges of its text: foreground and background colours,
    /// underline and strikethrough styles and colours (`renderingAttributeKeys`; other keys are ignored, as they
    /// would change the layout). Runs are cut where a range starts or ends, between glyphs (a ligature or other
    /// cluster goes with its first character); glyphs, positions, width and metrics stay those of the line. Where
    /// ranges overlap, the later one applies. For drawing what is not part of the text — spelling underlines, find
    /// highlights — as TextKit draws a layout manager's temporary attributes.
    ///
    /// The runs of the result cover the same text as the line's, cut finer; carets and hit testing are best asked
    /// of the line itself.
    ///
    /// - Parameter spans: UTF-16 ranges of the string and the attributes to draw them with.
    /// - Returns: the line with the attributes in its runs (the line itself when no range touches it).
    ///
    /// Core Text has no equivalent; TextKit 2: rendering attributes (`NSTextLayoutManager.addRenderingAttribute`),
    /// TextKit 1: temporary attributes (`NSLayoutManager.addTemporaryAttribute`).
    public func applyingRenderingAttributes(_ spans: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])]) -> Line {
        let relevant = spans.filter { span in
            !span.range.isEmpty && span.range.overlaps(stringRange.lowerBound..<max(stringRange.upperBound, stringRange.lowerBound + 1))
                && span.attributes.keys.contains(where: Line.renderingAttributeKeys.contains)
        }
        guard !relevant.isEmpty else { return self }
        let overlays = relevant.map { span -> (range: Range<Int>, apply: (inout StringAttributes) -> Void) in
            let parsed = StringAttributes(span.attributes)
            let keys = Set(span.attributes.keys)
            return (span.range, { attributes in
                if keys.contains(.foregroundColor) {
                    attributes.foregroundColor = parsed.foregroundColor
                    attributes.foregroundColorFromContext = false
                }
                if keys.contains(.backgroundColor) { attributes.backgroundColor = parsed.backgroundColor }
                if keys.contains(.underlineStyle) { attributes.underlineStyle = parsed.underlineStyle }
                if keys.contains(.underlineColor) { attributes.underlineColor = parsed.underlineColor }
                if keys.contains(.strikethroughStyle) { attributes.strikethroughStyle = parsed.strikethroughStyle }
                if keys.contains(.strikethroughColor) { attributes.strikethroughColor = parsed.strikethroughColor }
            })
        }
        return Line(storage: LineStorage(storage, overlaying: overlays))
    }
}
