import Foundation

/// How a frame is filled.
///
/// Core Text: the frame attributes dictionary of `CTFramesetterCreateFrame` (`kCTFrameProgressionAttributeName`,
/// `kCTFramePathFillRuleAttributeName`, `kCTFramePathWidthAttributeName`, `kCTFrameClippingPathsAttributeName`),
/// plus TextKit's maximum number of lines, which Core Text lacks.
public struct FrameAttributes: Hashable, Sendable {
    /// The direction lines advance in: down the frame (horizontal text), or across it in columns (vertical text),
    /// each column a line running down the page, drawn turned a quarter clockwise about its origin. Everything a
    /// horizontal frame does — any shape, exclusions, indents, alignment, justification, truncation, line limits,
    /// suggested sizes — a vertical frame does along its columns. Give the text the vertical-forms attribute for
    /// Chinese, Japanese and Korean to stand upright in their vertical forms (as in Core Text, a vertical frame alone
    /// sets every run sideways). Core Text: `kCTFrameProgressionAttributeName`.
    public var progression: FrameProgression = .topToBottom
    /// How the frame's path decides inside from outside: even-odd unless set, as in Core Text.
    /// Core Text: `kCTFramePathFillRuleAttributeName` (default `kCTFramePathFillEvenOdd`).
    public var pathFillRule: Path.FillRule = .evenOdd
    /// Reserved for vertical frames. Core Text: `kCTFramePathWidthAttributeName`.
    public var pathWidth: CGFloat = 0
    /// Shapes text flows around (exclusions), each with its own fill rule.
    /// Core Text: `kCTFrameClippingPathsAttributeName`; TextKit: `NSTextContainer.exclusionPaths`.
    public var clippingPaths: [ClippingPath] = []
    /// At most this many lines (0: no limit); the last one truncated when text remains. TextKit:
    /// `NSTextContainer.maximumNumberOfLines`.
    public var maximumNumberOfLines = 0
    /// How the last visible line is cut when `maximumNumberOfLines` leaves text out: at its end (the default), start
    /// or middle; nil shows it uncut. TextKit: `NSTextContainer.lineBreakMode`.
    public var lastLineTruncation: TruncationType? = .end
    /// The token put at the cut; nil is "…" with the attributes of the text at the cut point.
    public var truncationToken: String? = nil
    /// Whether the fonts' leading adds to the space between lines (Core Text's frames and TextKit's layout manager:
    /// yes); false spaces lines by their ascents and descents alone, as UIKit's string drawing does without
    /// `.usesFontLeading`. TextKit: `NSLayoutManager.usesFontLeading`.
    public var usesFontLeading = true
    /// How far below the top of the path's box the first line's band starts (the editing layer continues a
    /// container below text already laid out); 0 for Core Text's frames.
    package var startingDepth: CGFloat = 0
    /// Whether the frame keeps each line's depth and the gap after it (`Frame.lineDepths`), so that
    /// `Frame.prefix(lines:)` can cut it: for the editing layer's pieces of long paragraphs.
    package var recordsLineDepths = false

    /// Top-to-bottom lines in the whole path (even-odd rule), no exclusions, no line limit.
    public init() {}
}

/// Which way lines advance. Core Text: `CTFrameProgression`.
public enum FrameProgression: Hashable, Sendable {
    /// Lines go down the frame. Core Text: `kCTFrameProgressionTopToBottom`.
    case topToBottom
    /// Vertical lines (columns) from the right edge leftwards: Chinese, Japanese and Korean. A column's line runs down
    /// the page with its ascent on the right. Core Text: `kCTFrameProgressionRightToLeft`.
    case rightToLeft
    /// Vertical lines from the left edge rightwards: Mongolian. Columns run down the page with their ascents on the
    /// right, facing the next column. Core Text: `kCTFrameProgressionLeftToRight`.
    case leftToRight

    /// Whether lines are columns (either vertical progression). Galley only.
    public var isVertical: Bool { self != .topToBottom }
}

/// A shape text stays out of. Core Text: an entry of `kCTFrameClippingPathsAttributeName`
/// (`kCTFramePathClippingPathAttributeName` with its fill rule).
public struct ClippingPath: Hashable, Sendable {
    /// The shape, in the frame's coordinates (y up).
    public var path: Path
    /// How the shape decides inside from outside (even-odd unless given, as in Core Text).
    public var fillRule: Path.FillRule

    /// An exclusion.
    public init(_ path: Path, fillRule: Path.FillRule = .evenOdd) {
        self.path = path
        self.fillRule = fillRule
    }
}

/// Where a line is cut when it is truncated. Core Text: `CTLineTruncationType`.
public enum TruncationType: Hashable, Sendable {
    /// The start of the line is replaced by the token. Core Text: `kCTLineTruncationStart`.
    case start
    /// The end. Core Text: `kCTLineTruncationEnd`.
    case end
    /// The middle. Core Text: `kCTLineTruncationMiddle`.
    case middle
}
