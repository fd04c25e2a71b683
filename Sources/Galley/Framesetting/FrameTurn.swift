import Foundation

/// How a vertical frame is filled: its shape is turned a quarter so that its columns become rows, filled as a
/// horizontal frame is (bands, exclusions, indents, alignment, truncation, justification all the same question), and
/// the lines' origins and fragments are turned back. A column's line runs down the page: a line is drawn turned a
/// quarter clockwise about its origin, so its ascent is on the column's right.
///
/// - `.rightToLeft` (Chinese, Japanese, Korean): (x, y) ↦ (−y, x), a quarter turn counter-clockwise; the turned
///   frame's top is the page's right edge, so columns advance right to left.
/// - `.leftToRight` (Mongolian): (x, y) ↦ (−y, −x), the same turn mirrored; the turned frame's top is the page's left
///   edge, and its lines are filled with their descent first (`FrameFiller.flipsLines`), so that each column's
///   ascent faces the next column, as the quarter turn clockwise puts it.
struct FrameTurn {
    let progression: FrameProgression

    /// Nil for top-to-bottom frames, which are filled as they are.
    init?(_ progression: FrameProgression) {
        guard progression.isVertical else { return nil }
        self.progression = progression
    }

    /// The page's coordinates to the turned frame's. With a size, the turn also moves a rectangle of that size at
    /// the page's origin onto the turned rectangle at the origin (a size suggestion measures such a rectangle).
    func transform(pageSize size: CGSize? = nil) -> AffineTransform {
        let (w, h) = (size?.width ?? 0, size?.height ?? 0)
        return progression == .rightToLeft
            ? AffineTransform(m11: 0, m12: 1, m21: -1, m22: 0, tX: h, tY: 0)
            : AffineTransform(m11: 0, m12: -1, m21: -1, m22: 0, tX: h, tY: w)
    }

    /// A point of the turned frame on the page.
    func unturned(_ point: CGPoint) -> CGPoint {
        progression == .rightToLeft ? CGPoint(x: point.y, y: -point.x) : CGPoint(x: -point.y, y: -point.x)
    }

    /// A rectangle of the turned frame on the page.
    func unturned(_ rect: CGRect) -> CGRect {
        let a = unturned(CGPoint(x: rect.minX, y: rect.minY)), b = unturned(CGPoint(x: rect.maxX, y: rect.maxY))
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    /// The attributes the turned frame is filled with: the exclusions turned with the shape (see `transform`).
    func turned(_ attributes: FrameAttributes, pageSize: CGSize? = nil) -> FrameAttributes {
        var turned = attributes
        let transform = transform(pageSize: pageSize)
        turned.clippingPaths = attributes.clippingPaths.map { ClippingPath($0.path.applying(transform), fillRule: $0.fillRule) }
        return turned
    }

    /// A frame filled in the turned shape, on the page: origins and fragments turned back and made relative to the
    /// page shape's bounding box, with the caller's path and attributes.
    func unturned(_ frame: Frame, path: Path, attributes: FrameAttributes) -> Frame {
        let turnedOrigin = frame.bounds.origin
        let bounds = unturned(frame.bounds)
        let origins = frame.lineOrigins.map { origin in
            let page = unturned(CGPoint(x: origin.x + turnedOrigin.x, y: origin.y + turnedOrigin.y))
            return CGPoint(x: page.x - bounds.minX, y: page.y - bounds.minY)
        }
        let fragments = frame.lineFragments.map { fragment in
            unturned(fragment.offsetBy(dx: turnedOrigin.x, dy: turnedOrigin.y)).offsetBy(dx: -bounds.minX, dy: -bounds.minY)
        }
        var result = Frame(lines: frame.lines, lineOrigins: origins, stringRange: frame.stringRange,
                           visibleStringRange: frame.visibleStringRange, path: path, attributes: attributes, bounds: bounds,
                           lineFragments: fragments, usedHeight: frame.usedHeight)
        result.gapAfterLastLine = frame.gapAfterLastLine
        return result
    }
}
