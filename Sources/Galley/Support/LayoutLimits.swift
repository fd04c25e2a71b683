import Foundation

/// The largest magnitudes Galley lays out, and what happens beyond them.
///
/// Every length Galley computes is a `Double`, exact to better than a millionth of a point up to
/// `maximumExtent`. Past these limits sizes are refused and lengths are clamped, so that no metric, width or
/// position becomes infinite and no search takes time that grows with a number the caller passed:
///
/// - A font size above `maximumFontSize` (or NaN, infinite, negative) throws `FontError` with `.invalidSize`.
/// - A frame's path is filled down to `maximumExtent` below its top at most: a taller path (Core Text's
///   "unbounded" idiom, a rectangle `CGFloat.greatestFiniteMagnitude` tall) gives a frame whose `bounds` is the
///   path's bounding box cut to that height from the top, so `bounds.height - lineOrigins[i].y` is each line's
///   exact depth below the top.
/// - A justification width, a run delegate's width, ascent or descent, and a suggested frame size above
///   `maximumExtent` are clamped to it.
///
/// Core Text documents no limits; its frames lose line positions to rounding in very tall paths.
public enum LayoutLimits {
    /// The largest font size accepted, in points (about 350 m).
    public static let maximumFontSize: CGFloat = 1_000_000

    /// The longest length laid out along or across lines, in points (about 350 km): at this magnitude a `Double`
    /// still resolves a ten-millionth of a point.
    public static let maximumExtent: CGFloat = 1_000_000_000

    /// A length clamped to `0...maximumExtent`; NaN becomes 0.
    static func clampedExtent(_ value: CGFloat) -> CGFloat {
        value.isNaN ? 0 : min(max(value, 0), maximumExtent)
    }
}
