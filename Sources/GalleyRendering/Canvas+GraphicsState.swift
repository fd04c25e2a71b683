internal import CCairo
import Foundation
import Galley

/// Core Graphics' drawing model on a canvas: a current transformation matrix (CTM) that maps user space to the
/// canvas's points (y up, origin at the bottom left, before any transform), a graphics-state stack, clipping, and
/// images drawn into rectangles.
///
/// Transforms compose as Core Graphics' do: each call changes user space, so `translateBy(x: 10, y: 0)` then
/// `scaleBy(x: 2, y: 2)` draws a point (1, 0) at (12, 0) — the scale applies first to what is drawn, then the
/// translation. (Foundation's `AffineTransform.translate(x:y:)` on Linux composes the other way round; `concatenate`
/// takes a matrix as Core Graphics' `concatenate` does: points go through it, then through the current CTM.)
extension Canvas {
    /// Pushes the graphics state: the CTM, the clip and the fill colour (not the text matrix, as in Core Graphics).
    /// Core Graphics: `CGContext.saveGState()`.
    public func saveGraphicsState() {
        cairo_save(context)
        savedFillColors.append(fillColor)
    }

    /// Pops the state the last `saveGraphicsState()` pushed; without one, nothing happens.
    /// Core Graphics: `CGContext.restoreGState()`.
    public func restoreGraphicsState() {
        guard let saved = savedFillColors.popLast() else { return }
        cairo_restore(context)
        fillColor = saved
    }

    // Every transform below is refused, leaving the CTM as it was, when the CTM it would make is not finite or would
    // scale areas by less than 10⁻¹⁰ or more than 10¹⁰ (a zero scale, NaN, products that underflow): Cairo puts a
    // canvas whose matrix, or whose matrix times a font's or an image's, cannot be inverted in an error state that
    // no later call leaves.

    /// Moves user space's origin by (x, y) in the current user space. Core Graphics: `CGContext.translateBy(x:y:)`.
    public func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(AffineTransform(m11: 1, m12: 0, m21: 0, m22: 1, tX: x, tY: y))
    }

    /// Scales user space by (x, y). Core Graphics: `CGContext.scaleBy(x:y:)`.
    public func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(AffineTransform(m11: x, m12: 0, m21: 0, m22: y, tX: 0, tY: 0))
    }

    /// Rotates user space by `angle` radians, counterclockwise in the canvas's y-up space.
    /// Core Graphics: `CGContext.rotate(by:)`.
    public func rotate(by angle: CGFloat) {
        guard angle.isFinite else { return }
        concatenate(AffineTransform(m11: cos(angle), m12: sin(angle), m21: -sin(angle), m22: cos(angle), tX: 0, tY: 0))
    }

    /// Maps user space through `transform` first, then through the current CTM. Core Graphics: `CGContext.concatenate(_:)`.
    public func concatenate(_ transform: AffineTransform) {
        guard let matrix = Self.cairoMatrix(transform) else { return }
        _ = transformIfUsable(matrix)
    }

    /// Applies `matrix` on top of the CTM (points through it first) when the result is finite and scales areas of
    /// the canvas's points by between 10⁻¹⁰ and 10¹⁰.
    func transformIfUsable(_ matrix: cairo_matrix_t) -> Bool {
        var current = cairo_matrix_t(), product = cairo_matrix_t(), matrix = matrix
        cairo_get_matrix(context, &current)
        cairo_matrix_multiply(&product, &matrix, &current)
        let fields = [product.xx, product.yx, product.xy, product.yy, product.x0, product.y0]
        func determinant(_ m: cairo_matrix_t) -> Double { m.xx * m.yy - m.yx * m.xy }
        let areaScale = abs(determinant(product) / determinant(baseMatrix))
        guard fields.allSatisfy(\.isFinite), areaScale >= 1e-10, areaScale <= 1e10 else { return false }
        cairo_set_matrix(context, &product)
        return true
    }

    /// The CTM: how user space maps to the canvas's points (y up; the identity until transformed).
    /// Core Graphics: `CGContext.ctm` (there it includes the device's own transform).
    public var currentTransform: AffineTransform {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        var base = baseMatrix
        cairo_matrix_invert(&base)
        var user = cairo_matrix_t()
        // matrix = user × base (points through user, then through base): user = matrix × base⁻¹.
        cairo_matrix_multiply(&user, &matrix, &base)
        return AffineTransform(m11: CGFloat(user.xx), m12: CGFloat(user.yx), m21: CGFloat(user.xy), m22: CGFloat(user.yy),
                               tX: CGFloat(user.x0), tY: CGFloat(user.y0))
    }

    /// Narrows the clip to the inside of `path` (in user space) by `rule`; drawing outside it is dropped until the
    /// graphics state is restored. Core Graphics: `CGContext.addPath(_:)` then `clip(using:)`.
    public func clip(to path: Path, rule: Path.FillRule = .winding) {
        addPath(path)
        cairo_set_fill_rule(context, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(context)
    }

    /// Draws `image` scaled into `rect` (user space), upright when user space is y up — as Core Graphics does, so
    /// under a flipped CTM (UIKit's idiom) it appears upside down there too. Empty and non-finite rectangles draw
    /// nothing, as do rectangles that would scale the image's pixels past the limits transforms keep to.
    /// Core Graphics: `CGContext.draw(_:in:)`.
    public func draw(_ image: CanvasImage, in rect: CGRect) {
        paint(image, in: rect)
    }

    /// Paints an image into a rectangle of the current space (y up: its first row at the top).
    func paint(_ image: CanvasImage, in rect: CGRect) {
        let rect = rect.standardized
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite, rect.width > 0, rect.height > 0,
            image.width > 0, image.height > 0
        else { return }
        guard intersectsClip(rect) else { return }
        let width = Double(image.width), height = Double(image.height)
        cairo_save(context)
        defer { cairo_restore(context) }
        // Cairo's images are y down: flip so the picture stands upright in a y-up space.
        let placement = cairo_matrix_t(xx: Double(rect.width) / width, yx: 0, xy: 0, yy: -Double(rect.height) / height,
                                       x0: Double(rect.minX), y0: Double(rect.maxY))
        guard transformIfUsable(placement), canPaintSource(width: width, height: height) else { return }
        cairo_set_source_surface(context, image.surface, 0, 0)
        cairo_rectangle(context, 0, 0, width, height)
        cairo_fill(context)
    }

    /// Whether any of `rect` (user space) can show: it meets the clip's extents. Images and masks are painted only
    /// then — one placed far outside (10¹⁷ points away) would give Cairo a pattern matrix that pixman's 16.16 fixed
    /// point cannot hold, and Cairo 1.16 then fails the canvas with "out of memory" (found by the rendering fuzzer).
    func intersectsClip(_ rect: CGRect) -> Bool {
        var left: Double = 0, top: Double = 0, right: Double = 0, bottom: Double = 0
        cairo_clip_extents(context, &left, &top, &right, &bottom)
        let rect = rect.standardized
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return false }
        return Double(rect.maxX) > left && Double(rect.minX) < right && Double(rect.maxY) > top && Double(rect.minY) < bottom
    }

    /// How much a matrix stretches: the lengths of the longest and shortest images of a unit vector (its linear
    /// part's singular values).
    static func stretch(of m: cairo_matrix_t) -> (largest: Double, smallest: Double) {
        let sum = m.xx * m.xx + m.yx * m.yx + m.xy * m.xy + m.yy * m.yy, determinant = m.xx * m.yy - m.yx * m.xy
        let largest = ((sum + (max(sum * sum - 4 * determinant * determinant, 0)).squareRoot()) / 2).squareRoot()
        return (largest, largest > 0 && largest.isFinite ? abs(determinant) / largest : 0)
    }

    /// Whether an image of `width` × `height` pixels, drawn with its pixels as user space's units now, can be painted:
    /// not when the CTM squeezes it under 1/20 device pixel across (nothing would show) or a pixel under 1/16,384
    /// (pixman's 16.16 fixed point cannot hold the inverse, and Cairo 1.16 fails the canvas with "out of memory",
    /// found by the rendering fuzzer).
    func canPaintSource(width: Double, height: Double) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let smallest = Self.stretch(of: matrix).smallest
        return smallest >= 1.0 / 16384 && smallest * max(width, height) >= 0.05
    }

    /// A Cairo matrix for an affine transform (Core Graphics' a b c d tx ty), nil when a field is not finite.
    static func cairoMatrix(_ transform: AffineTransform) -> cairo_matrix_t? {
        let fields = [transform.m11, transform.m12, transform.m21, transform.m22, transform.tX, transform.tY]
        guard fields.allSatisfy(\.isFinite) else { return nil }
        return cairo_matrix_t(xx: Double(transform.m11), yx: Double(transform.m12), xy: Double(transform.m21),
                              yy: Double(transform.m22), x0: Double(transform.tX), y0: Double(transform.tY))
    }
}
