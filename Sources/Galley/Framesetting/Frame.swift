import Foundation

/// Lines laid out in a shape: each line with its origin, the part of the string shown, and what did not fit.
///
/// Line origins are baseline origins, y up, relative to the origin of the path's bounding box — as Core Text's.
/// Every UTF-16 index of `stringRange` is either in exactly one line (`visibleStringRange`) or after it. In a vertical
/// frame (`FrameAttributes.progression`) a line's origin is the top of its column on the column's baseline (the
/// centre line its upright forms stand on), and the line runs down from it: a point (x, y) of the line is at
/// (origin.x + y, origin.y − x) in the frame, which is how `Canvas.draw(_:)` draws it.
///
/// Core Text: `CTFrame`.
public struct Frame: Sendable {
    /// The lines, top to bottom (in a band split by an exclusion, fragments in reading order).
    /// Core Text: `CTFrameGetLines`.
    public let lines: [Line]
    /// Each line's baseline origin relative to the path's bounding box origin. Core Text: `CTFrameGetLineOrigins`.
    public let lineOrigins: [CGPoint]
    /// The range the frame was asked to show. Core Text: `CTFrameGetStringRange`.
    public let stringRange: Range<Int>
    /// The range its lines show; text after it did not fit. Core Text: `CTFrameGetVisibleStringRange`.
    public let visibleStringRange: Range<Int>
    /// The shape. Core Text: `CTFrameGetPath`.
    public let path: Path
    /// How it was filled. Core Text: `CTFrameGetFrameAttributes`.
    public let attributes: FrameAttributes
    /// The path's bounding box: what line origins are relative to.
    public let bounds: CGRect
    /// The span each line was given (its line fragment rectangle), in the same coordinates as the origins.
    /// TextKit: `NSLayoutManager.lineFragmentRect(forGlyphAt:effectiveRange:)`.
    public let lineFragments: [CGRect]

    /// The height from the top of the path's box to the bottom of the last line (0 without lines); in a vertical
    /// frame, the width from the box's first edge (right, or left for `.leftToRight`) to the far side of the last
    /// column.
    public let usedHeight: CGFloat

    /// The space the frame would leave below its last line before a next one (line spacing and leading; 0
    /// without lines): what a layout that continues the text below the frame adds first.
    package internal(set) var gapAfterLastLine: CGFloat = 0

    /// Each line's bottom below the box's top and the gap it leaves before a next line, when the attributes asked
    /// for them (`FrameAttributes.recordsLineDepths`).
    /// (A class: frames that do not keep them hold one reference's room.)
    package final class LineDepths: Sendable {
        let bottoms: [CGFloat]
        let gaps: [CGFloat]

        init(bottoms: [CGFloat], gaps: [CGFloat]) {
            self.bottoms = bottoms
            self.gaps = gaps
        }
    }
    package internal(set) var lineDepths: LineDepths? = nil

    /// The frame of its first `count` lines: what filling would have given had the range ended after them (the
    /// same lines, origins and fragments; used height and gap after the last of them). Needs `lineDepths`; nil
    /// without them or for a count out of range.
    package func prefix(lines count: Int) -> Frame? {
        guard let lineDepths, count > 0, count <= lines.count else { return nil }
        let end = lines[count - 1].stringRange.upperBound
        var frame = Frame(lines: Array(lines.prefix(count)), lineOrigins: Array(lineOrigins.prefix(count)),
                          stringRange: stringRange.lowerBound..<end, visibleStringRange: visibleStringRange.lowerBound..<end, path: path,
                          attributes: attributes, bounds: bounds, lineFragments: Array(lineFragments.prefix(count)),
                          usedHeight: lineDepths.bottoms[count - 1])
        frame.gapAfterLastLine = lineDepths.gaps[count - 1]
        frame.lineDepths = LineDepths(bottoms: Array(lineDepths.bottoms.prefix(count)), gaps: Array(lineDepths.gaps.prefix(count)))
        return frame
    }
}
