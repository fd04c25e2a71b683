import Foundation

/// A line's or run's typographic extent: width along the baseline, ascent above it, descent below it (positive)
/// and leading (the font's line gap).
///
/// Core Text: the return value and out-parameters of `CTLineGetTypographicBounds` / `CTRunGetTypographicBounds`.
public struct TypographicBounds: Hashable, Sendable {
    /// Advance width in points.
    public var width: CGFloat
    /// Height above the baseline in points.
    public var ascent: CGFloat
    /// Depth below the baseline in points, positive.
    public var descent: CGFloat
    /// Line gap in points.
    public var leading: CGFloat

    /// Bounds from their parts.
    public init(width: CGFloat, ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
    }
}

/// What `Line.bounds(options:)` measures.
///
/// Core Text: `CTLineBoundsOptions`.
public struct LineBoundsOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Leave the leading out of the height. Core Text: `kCTLineBoundsExcludeTypographicLeading`.
    public static let excludeTypographicLeading = LineBoundsOptions(rawValue: 1 << 0)
    /// Ignore baseline offsets and superscripts. Core Text: `kCTLineBoundsExcludeTypographicShifts`.
    public static let excludeTypographicShifts = LineBoundsOptions(rawValue: 1 << 1)
    /// Punctuation at the line's ends hangs outside the bounds (`CharacterProtrusion.punctuation`: a final period by
    /// 70% of its advance, a hyphen by 70%, quotes by 30–40%); trailing whitespace is left out.
    /// Core Text: `kCTLineBoundsUseHangingPunctuation`.
    public static let useHangingPunctuation = LineBoundsOptions(rawValue: 1 << 2)
    /// The glyphs' ink instead of typographic metrics. Core Text: `kCTLineBoundsUseGlyphPathBounds`.
    public static let useGlyphPathBounds = LineBoundsOptions(rawValue: 1 << 3)
    /// The line's optical edges: its end characters' protrusion taken off (`CharacterProtrusion.standard`: punctuation
    /// and open-sided letters such as T and V), trailing whitespace left out. Core Text reads a font's `opbd` table,
    /// which few fonts have; Galley's table works with every font. Core Text: `kCTLineBoundsUseOpticalBounds`.
    public static let useOpticalBounds = LineBoundsOptions(rawValue: 1 << 4)
    /// Room for every glyph sequence the line's fonts can make (their bounding boxes): stacked marks fit.
    /// Core Text: `kCTLineBoundsIncludeLanguageExtents`.
    public static let includeLanguageExtents = LineBoundsOptions(rawValue: 1 << 5)
}

/// Facts about a run's glyphs. Core Text: `CTRunStatus`.
public struct RunStatus: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The run is right to left: its glyphs are stored left to right, so string indices decrease.
    /// Core Text: `kCTRunStatusRightToLeft`.
    public static let rightToLeft = RunStatus(rawValue: 1 << 0)
    /// String indices are not monotonic in the run's direction (reordering by the font).
    /// Core Text: `kCTRunStatusNonMonotonic`.
    public static let nonMonotonic = RunStatus(rawValue: 1 << 1)
    /// The text matrix is not the identity and must be applied when drawing.
    /// Core Text: `kCTRunStatusHasNonIdentityMatrix`.
    public static let hasNonIdentityMatrix = RunStatus(rawValue: 1 << 2)
    /// The run is set sideways in vertical text: text with vertical forms that Unicode rotates there (Latin letters,
    /// digits; `VerticalOrientation.rotated`) or that is right to left, shaped horizontally to be turned a quarter turn
    /// clockwise in its column. Galley only (Core Text gives such runs a rotating text matrix).
    public static let rotated = RunStatus(rawValue: 1 << 3)
}
