import Foundation
import Galley

/// One laid-out line in its container: the Galley `Line`, where it sits, and which characters it shows.
///
/// Rectangles are in container coordinates (origin at the top left, y down). The `line`'s own string indices
/// count from the start of its paragraph; `characterRange` is in the storage's UTF-16 offsets.
///
/// TextKit: a line fragment (`lineFragmentRect(forGlyphAt:effectiveRange:)`, `lineFragmentUsedRect`), or
/// TextKit 2's `NSTextLineFragment`.
public struct LineFragment: Sendable {
    /// The line (glyph runs, caret offsets), with string indices relative to `paragraphStart`.
    public let line: Line
    /// Where the line's paragraph starts in the storage.
    public let paragraphStart: Int
    /// The container the line is in.
    public let containerIndex: Int
    /// The line fragment: the band the line was given, padding included. TextKit: `lineFragmentRect`.
    public let rect: CGRect
    /// The baseline origin of the line (y down). TextKit: `location(forGlyphAt:)` + fragment origin.
    public let baselineOrigin: CGPoint
    /// The padding at the fragment's ends (0 in a container of any shape).
    let padding: CGFloat

    /// The part the text covers: from the fragment's left edge (padding included) to the end of the visible text
    /// plus padding, as tall as the line. Measured when asked (most queries need only `rect`). TextKit:
    /// `lineFragmentUsedRect`.
    public var usedRect: CGRect {
        let bounds = line.typographicBounds
        let visibleEnd = baselineOrigin.x + bounds.width - line.trailingWhitespaceWidth
        return CGRect(x: rect.minX, y: baselineOrigin.y - bounds.ascent, width: max(visibleEnd - rect.minX + padding, 0),
                      height: bounds.ascent + bounds.descent)
    }

    /// The storage range the line shows (a truncated line: the range it stands for).
    public var characterRange: Range<Int> {
        (line.stringRange.lowerBound + paragraphStart)..<(line.stringRange.upperBound + paragraphStart)
    }

    /// The top of the line's glyph box (baseline minus ascent): where carets and selections start.
    public var lineTop: CGFloat { baselineOrigin.y - line.typographicBounds.ascent }

    /// The height carets and selections take: the line's ascent plus descent.
    public var lineHeight: CGFloat { line.typographicBounds.ascent + line.typographicBounds.descent }

    /// The x of the caret at storage offset `index` (primary and secondary, as Core Text gives them), in
    /// container coordinates.
    public func caretOffsets(forCharacterIndex index: Int) -> (primary: CGFloat, secondary: CGFloat) {
        let offsets = line.offset(forStringIndex: index - paragraphStart)
        return (offsets.primary + baselineOrigin.x, offsets.secondary + baselineOrigin.x)
    }
}
