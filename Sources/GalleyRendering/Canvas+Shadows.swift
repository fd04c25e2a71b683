internal import CCairo
import Foundation
import Galley

extension Canvas {
    /// Draws the shadow (`StringAttributes.shadow`) of a run's glyphs in `range`: the glyphs as an alpha mask at the canvas's pixel density,
    /// blurred by three box blurs (close to a Gaussian whose standard deviation is half the blur radius, as Core
    /// Graphics' shadows are), painted in the shadow's colour at its offset, under the glyphs. A sharp shadow (radius
    /// 0) is the glyphs painted again. Runs of run delegates and stroked-only glyphs cast shadows of their glyphs.
    func drawShadow(of run: Run, glyphs range: Range<Int>, origin: CGPoint) {
        guard let shadow = run.attributes.shadow, !run.isRunDelegate, !range.isEmpty,
            let face = CairoFontFaces.shared.face(for: run.font)
        else { return }
        let ink = run.imageBounds(in: range)
        guard !ink.isNull, ink.width.isFinite, ink.height.isFinite else { return }
        let density = kind == .png ? Double(scale) : 2
        let margin = Double(shadow.blurRadius) * 1.5 + 1
        // The mask's box in the line's space (y up), in whole pixels; nothing beyond Cairo's image limits, nothing
        // where the clip hides it.
        let left = Double(ink.minX) - margin, top = Double(ink.maxY) + margin
        let pixelsWide = Int(((Double(ink.width) + 2 * margin) * density).rounded(.up))
        let pixelsHigh = Int(((Double(ink.height) + 2 * margin) * density).rounded(.up))
        let shown = CGRect(x: CGFloat(Double(origin.x) + left) + shadow.offset.width, y: CGFloat(Double(origin.y) + top) + shadow.offset.height,
                           width: CGFloat(pixelsWide) / CGFloat(density), height: -CGFloat(pixelsHigh) / CGFloat(density))
        guard pixelsWide > 0, pixelsHigh > 0, pixelsWide <= 8192, pixelsHigh <= 8192, intersectsClip(shown),
            let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(pixelsWide), Int32(pixelsHigh))
        else { return }
        defer { cairo_surface_destroy(mask) }
        guard let maskContext = cairo_create(mask) else { return }
        // Glyph space in the mask: y down from the box's top, in pixels.
        cairo_scale(maskContext, density, density)
        cairo_translate(maskContext, -left, top)
        setFont(run.font, face: face, obliqueness: run.attributes.obliqueness, upright: run.isVertical, in: maskContext)
        var glyphs = zip(run.glyphs[range], run.positions[range]).filter { $0.0 != GlyphProperty.nullGlyph }.map { glyph, position in
            cairo_glyph_t(index: UInt(glyph), x: Double(position.x), y: Double(-position.y))
        }
        cairo_set_source_rgba(maskContext, 0, 0, 0, 1)
        cairo_show_glyphs(maskContext, &glyphs, Int32(glyphs.count))
        cairo_destroy(maskContext)
        cairo_surface_flush(mask)
        let radius = Int((Double(shadow.blurRadius) * density / 2).rounded())
        if radius > 0, let data = cairo_image_surface_get_data(mask) {
            Self.boxBlur(data, width: pixelsWide, height: pixelsHigh, stride: Int(cairo_image_surface_get_stride(mask)), radius: radius)
            cairo_surface_mark_dirty(mask)
        }
        cairo_save(context)
        cairo_translate(context, Double(origin.x) + left + Double(shadow.offset.width), Double(origin.y) + top + Double(shadow.offset.height))
        cairo_scale(context, 1 / density, -1 / density)
        setSource(shadow.color)
        if canPaintSource(width: Double(pixelsWide), height: Double(pixelsHigh)) { cairo_mask_surface(context, mask, 0, 0) }
        cairo_restore(context)
    }

    /// Three passes of a box blur of `radius` pixels across and then down an 8-bit mask, in place: running sums, so
    /// each pass costs one step a pixel whatever the radius.
    static func boxBlur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        let window = 2 * radius + 1
        var line = [Int](repeating: 0, count: max(width, height))
        func blur(count: Int, at index: (Int) -> Int) {
            for position in 0..<count { line[position] = Int(pixels[index(position)]) }
            var sum = 0
            for position in -radius...radius { sum += line[min(max(position, 0), count - 1)] }
            for position in 0..<count {
                pixels[index(position)] = UInt8(sum / window)
                sum += line[min(position + radius + 1, count - 1)] - line[max(position - radius, 0)]
            }
        }
        for _ in 0..<3 {
            for row in 0..<height { blur(count: width) { row * stride + $0 } }
            for column in 0..<width { blur(count: height) { $0 * stride + column } }
        }
    }
}
