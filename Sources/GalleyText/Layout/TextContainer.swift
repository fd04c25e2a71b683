import Foundation
import Galley

/// A rectangle text flows into — a page, a column, a text view — with areas the text avoids.
///
/// Coordinates, as in TextKit: the origin is the container's top-left corner and y grows downward (Galley's
/// frames are y-up, as Core Text's; the layout manager converts). A height of `.infinity` makes the container
/// grow with its text, as a scrolling text view's does.
///
/// TextKit: `NSTextContainer`.
public struct TextContainer: Hashable, Sendable {
    /// Width and height in points; the height may be `.infinity`. TextKit: `size`.
    public var size: CGSize
    /// Areas the text flows around, in container coordinates (y down). TextKit: `exclusionPaths`.
    public var exclusionPaths: [Path]
    /// The shape lines fill, in container coordinates (y down); nil: the whole rectangle. Any path: a circle, an
    /// L shape, a ring (with `fillRule`). Line fragment padding is not applied inside a path (draw the path
    /// smaller instead). TextKit: a `NSTextContainer` subclass overriding `lineFragmentRect(forProposedRect:…)`.
    public var path: Path?
    /// How `path` decides inside from outside.
    public var fillRule: Path.FillRule = .winding
    /// Space kept empty at both ends of every line. TextKit: `lineFragmentPadding` (5 by default there too).
    public var lineFragmentPadding: CGFloat
    /// At most this many lines in the container (0: no limit). TextKit: `maximumNumberOfLines`.
    public var maximumNumberOfLines: Int
    /// What happens to the last line when `maximumNumberOfLines` cuts the text: `.byTruncatingTail`,
    /// `.byTruncatingMiddle` or `.byTruncatingHead` truncate it, anything else leaves it as it is.
    /// TextKit: `lineBreakMode`.
    public var lineBreakMode: LineBreakMode

    /// A container of a size. TextKit: `NSTextContainer(size:)`.
    ///
    /// - Parameters:
    ///   - size: the container's size in points; an infinite height grows with the text.
    ///   - path: the shape lines fill, in container coordinates (y down); nil for the whole rectangle.
    ///   - exclusionPaths: regions no text goes into, in container coordinates.
    ///   - lineFragmentPadding: the inset at each end of every line fragment.
    ///   - maximumNumberOfLines: the most lines the container shows; 0 for no limit.
    ///   - lineBreakMode: how the last line ends when lines are limited (wrapping or truncating).
    public init(size: CGSize, path: Path? = nil, exclusionPaths: [Path] = [], lineFragmentPadding: CGFloat = 5,
                maximumNumberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping) {
        self.size = size
        self.path = path
        self.exclusionPaths = exclusionPaths
        self.lineFragmentPadding = lineFragmentPadding
        self.maximumNumberOfLines = maximumNumberOfLines
        self.lineBreakMode = lineBreakMode
    }

    /// Whether every line fragment is the full width less padding: no exclusions. Lines laid out in such a
    /// container do not depend on how far down they sit, so the layout manager moves them instead of laying them
    /// out again. TextKit: `isSimpleRectangularTextContainer`.
    public var isSimpleRectangular: Bool { exclusionPaths.isEmpty && path == nil }

    /// The usable height: the size's, or a very large one for a growing container (the path's bottom for a shape).
    var layoutHeight: CGFloat {
        if size.height.isFinite { return max(size.height, 0) }
        if size.height.isNaN || size.height < 0 { return 0 }
        if let path, path.boundingBox.maxY.isFinite { return max(path.boundingBox.maxY, 0) }
        return 1e9
    }

    /// The shape in Galley's frame coordinates (y up, the container's bottom at 0), and the transform that
    /// takes container coordinates there.
    var flip: AffineTransform { AffineTransform(m11: 1, m12: 0, m21: 0, m22: -1, tX: 0, tY: layoutHeight) }

    /// The path a frame fills: the container's shape, or its rectangle less the padding at both ends.
    var framePath: Path {
        if let path { return path.applying(flip) }
        return Path(rect: CGRect(x: padding, y: 0, width: lineWidth, height: layoutHeight))
    }

    /// Where a frame's origins are measured from: the left edge of the frame path's box.
    var frameOriginX: CGFloat { path == nil ? padding : (path?.boundingBox.minX ?? 0) }

    /// The usable width for lines (padding removed, never negative; NaN counts as none).
    var lineWidth: CGFloat {
        let width = size.width.isFinite ? size.width : size.width > 0 ? 1e7 : 0
        let padding = lineFragmentPadding.isFinite ? max(lineFragmentPadding, 0) : 0
        return max(width - 2 * padding, 0)
    }

    var padding: CGFloat { lineFragmentPadding.isFinite ? max(lineFragmentPadding, 0) : 0 }

    /// The truncation the last line gets when the line limit cuts the text.
    var lastLineTruncation: TruncationType? {
        switch lineBreakMode {
        case .byTruncatingHead: return .start
        case .byTruncatingMiddle: return .middle
        case .byTruncatingTail: return .end
        default: return nil
        }
    }

    /// The part of a proposed line fragment (container coordinates, y down) that text can take — the first usable
    /// stretch of it in the writing direction, inside the shape (`path`, or the container's rectangle) and outside
    /// the exclusion paths — and what is left of the proposal after it, from the next usable stretch on
    /// (`CGRect.zero` when nothing). Padding is not
    /// removed (layout insets each fragment by `lineFragmentPadding` itself). The answer depends on the shape only,
    /// not on the character. TextKit: `NSTextContainer.lineFragmentRect(forProposedRect:at:writingDirection:remaining:)`;
    /// where TextKit has it overridden for other shapes, give the shape as `path`.
    public func lineFragmentRect(forProposedRect proposed: CGRect, at characterIndex: Int = 0, writingDirection: WritingDirection = .leftToRight)
        -> (rect: CGRect, remaining: CGRect)
    {
        let proposed = proposed.standardized
        guard proposed.width > 0, proposed.height > 0, proposed.minX.isFinite, proposed.minY.isFinite,
            proposed.width.isFinite, proposed.height.isFinite else { return (.zero, .zero) }
        let height = layoutHeight
        let shape = path.map { $0.applying(flip) } ?? Path(rect: CGRect(x: 0, y: 0, width: size.width.isFinite ? size.width : 1e7, height: height))
        let exclusions = exclusionPaths.map { ClippingPath($0.applying(flip), fillRule: .winding) }
        let spans = Framesetter.usableSpans(of: shape, fillRule: fillRule, exclusions: exclusions, bottom: height - proposed.maxY,
                                            top: height - proposed.minY)
            .compactMap { span -> ClosedRange<CGFloat>? in
                let low = max(span.lowerBound, proposed.minX), high = min(span.upperBound, proposed.maxX)
                return high > low ? low...high : nil
            }
        let rightToLeft = writingDirection == .rightToLeft
        guard let chosen = rightToLeft ? spans.last : spans.first else { return (.zero, .zero) }
        let rect = CGRect(x: chosen.lowerBound, y: proposed.minY, width: chosen.upperBound - chosen.lowerBound, height: proposed.height)
        // What is left starts at the next usable stretch (past the exclusion that ended this one).
        guard spans.count > 1 else { return (rect, .zero) }
        let remaining = rightToLeft
            ? CGRect(x: proposed.minX, y: proposed.minY, width: spans[spans.count - 2].upperBound - proposed.minX, height: proposed.height)
            : CGRect(x: spans[1].lowerBound, y: proposed.minY, width: proposed.maxX - spans[1].lowerBound, height: proposed.height)
        return (rect, remaining)
    }
}
