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
    /// Space kept empty at both ends of every line. TextKit: `lineFragmentPadding` (5 by default there too).
    public var lineFragmentPadding: CGFloat
    /// At most this many lines in the container (0: no limit). TextKit: `maximumNumberOfLines`.
    public var maximumNumberOfLines: Int
    /// What happens to the last line when `maximumNumberOfLines` cuts the text: `.byTruncatingTail`,
    /// `.byTruncatingMiddle` or `.byTruncatingHead` truncate it, anything else leaves it as it is.
    /// TextKit: `lineBreakMode`.
    public var lineBreakMode: LineBreakMode

    /// A container of a size. TextKit: `NSTextContainer(size:)`.
    public init(size: CGSize, exclusionPaths: [Path] = [], lineFragmentPadding: CGFloat = 5, maximumNumberOfLines: Int = 0,
                lineBreakMode: LineBreakMode = .byWordWrapping) {
        self.size = size
        self.exclusionPaths = exclusionPaths
        self.lineFragmentPadding = lineFragmentPadding
        self.maximumNumberOfLines = maximumNumberOfLines
        self.lineBreakMode = lineBreakMode
    }

    /// Whether every line fragment is the full width less padding: no exclusions. Lines laid out in such a
    /// container do not depend on how far down they sit, so the layout manager moves them instead of laying them
    /// out again. TextKit: `isSimpleRectangularTextContainer`.
    public var isSimpleRectangular: Bool { exclusionPaths.isEmpty }

    /// The usable height: the size's, or a very large one for a growing container.
    var layoutHeight: CGFloat {
        size.height.isFinite && size.height > 0 ? size.height : size.height.isNaN || size.height <= 0 ? 0 : 1e9
    }

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
}
