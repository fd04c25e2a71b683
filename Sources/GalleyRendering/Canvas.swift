internal import CCairo
import Foundation
import Galley

/// A drawing surface in Core Text's coordinates — points, origin at the bottom left, y up — backed by Cairo:
/// a PNG image, a PDF document (text stays selectable) or an SVG file. Lines and runs are drawn at the
/// canvas's text position, as Core Text draws at a context's text position.
///
/// A canvas is used from one thread at a time (like a `CGContext`); lines and fonts may come from anywhere.
///
/// Core Text: the `CGContext` that `CTLineDraw` and `CTRunDraw` draw into.
public final class Canvas {
    /// What the canvas writes.
    public enum Kind: Sendable {
        /// A raster image, written with `writePNG(to:)`.
        case png
        /// A PDF document, written to its file when finished.
        case pdf
        /// An SVG document, written to its file when finished.
        case svg
    }

    /// The kind of surface.
    public let kind: Kind
    /// Width in points.
    public let width: CGFloat
    /// Height in points.
    public let height: CGFloat
    /// Pixels per point for PNG canvases (1 for PDF and SVG).
    public let scale: CGFloat
    /// Where the next line or run is drawn: its baseline origin, y up, in the canvas's user space — the text
    /// matrix's translation. A position that is not finite draws no text. Core Text: `CGContext.textPosition`.
    public var textPosition: CGPoint {
        get { CGPoint(x: textMatrix.tX, y: textMatrix.tY) }
        set {
            textMatrix.tX = newValue.x
            textMatrix.tY = newValue.y
        }
    }
    /// How text is placed in user space: lines and runs are drawn in the space this matrix maps to user space (its
    /// translation is `textPosition`). Identity by default; not part of the graphics state that
    /// `saveGraphicsState()` saves, as in Core Graphics. `AffineTransform`'s fields are Core Graphics' `a b c d tx ty`
    /// (`m11 m12 m21 m22 tX tY`): a point (x, y) maps to (x·m11 + y·m21 + tX, x·m12 + y·m22 + tY).
    /// Core Graphics: `CGContext.textMatrix`.
    public var textMatrix = AffineTransform()
    /// The fill colour of the context, used for text with `foregroundColorFromContext`; saved and restored with the
    /// graphics state. Core Text: the context's fill colour.
    public var fillColor: Color = .black
    /// Fill colours saved by `saveGraphicsState()`.
    var savedFillColors: [Color] = []

    let surface: OpaquePointer
    let context: OpaquePointer
    /// The matrix from the canvas's points (y up) to Cairo's device space; user transforms go on top of it.
    let baseMatrix: cairo_matrix_t
    private var isFinished = false
    /// The decoded image of each attachment drawn so far (nil: its contents do not decode): one surface an image, so
    /// a PDF embeds it once however often it is drawn.
    var attachmentImages: [ObjectIdentifier: (attachment: TextAttachment, image: CanvasImage?)] = [:]

    /// A PNG canvas of `width` × `height` points at `scale` pixels per point (at least one pixel a side), transparent.
    ///
    /// - Throws: `RenderingError.invalidSize` for sizes that are not positive and finite, or larger than
    ///   32,767 pixels a side.
    ///
    /// - Parameters:
    ///   - width: the width in points.
    ///   - height: the height in points.
    ///   - scale: pixels per point (2 for a Retina-like image).
    public convenience init(width: CGFloat, height: CGFloat, scale: CGFloat = 1) throws {
        try Canvas.validate(width: width, height: height, scale: scale)
        // At least one pixel a side: a size whose product with the scale underflows to 0 would give a surface no PNG
        // can hold (libpng refuses a width of 0).
        let pixelsWide = Int32(max((width * scale).rounded(.up), 1))
        let pixelsHigh = Int32(max((height * scale).rounded(.up), 1))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelsWide, pixelsHigh)!
        try self.init(kind: .png, surface: surface, width: width, height: height, scale: scale)
    }

    /// A PDF canvas of one page, written to `url` when `finish()` is called or the canvas goes away.
    /// - Throws: `RenderingError` for a bad size or a file Cairo cannot create.
    public convenience init(pdfURL url: URL, width: CGFloat, height: CGFloat) throws {
        try Canvas.validate(width: width, height: height, scale: 1)
        let surface = cairo_pdf_surface_create(url.path, Double(width), Double(height))!
        try self.init(kind: .pdf, surface: surface, width: width, height: height, scale: 1)
    }

    /// An SVG canvas, written to `url` when `finish()` is called or the canvas goes away.
    /// - Throws: `RenderingError` for a bad size or a file Cairo cannot create.
    public convenience init(svgURL url: URL, width: CGFloat, height: CGFloat) throws {
        try Canvas.validate(width: width, height: height, scale: 1)
        let surface = cairo_svg_surface_create(url.path, Double(width), Double(height))!
        try self.init(kind: .svg, surface: surface, width: width, height: height, scale: 1)
    }

    private init(kind: Kind, surface: OpaquePointer, width: CGFloat, height: CGFloat, scale: CGFloat) throws {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderingError(.cairoFailure, "Cairo cannot create the surface: \(String(cString: cairo_status_to_string(status)))")
        }
        self.kind = kind
        self.surface = surface
        self.width = width
        self.height = height
        self.scale = scale
        context = cairo_create(surface)!
        // Core Text's coordinates: points, y up from the bottom edge.
        cairo_scale(context, Double(scale), Double(scale))
        cairo_translate(context, 0, Double(height))
        cairo_scale(context, 1, -1)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        baseMatrix = matrix
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }

    private static func validate(width: CGFloat, height: CGFloat, scale: CGFloat) throws {
        guard width.isFinite, height.isFinite, scale.isFinite, width > 0, height > 0, scale > 0,
            width * scale <= 32_767, height * scale <= 32_767
        else {
            throw RenderingError(.invalidSize, "canvas size \(width) × \(height) at scale \(scale) is not drawable")
        }
    }

    // MARK: Painting

    /// Fills the whole canvas with a colour, to the edge of its last pixel (a canvas whose size in points is not a
    /// whole number of pixels has a last row and column that `fill(_:with:)` of its points covers only in part);
    /// within the clip set by `clip(to:)`, if any.
    /// Core Graphics: `CGContext.fill(_:)` of the context's bounds.
    public func paint(_ color: Color) {
        setSource(color)
        cairo_paint(context)
    }

    /// Fills a rectangle (y up) with a colour.
    public func fill(_ rect: CGRect, with color: Color) {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        setSource(color)
        cairo_rectangle(context, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo_fill(context)
    }

    /// Fills a path (y up) with a colour by a fill rule.
    public func fill(_ path: Path, with color: Color, rule: Path.FillRule = .winding) {
        addPath(path)
        setSource(color)
        cairo_set_fill_rule(context, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(context)
    }

    /// Strokes a path (y up) with a colour and a line width in points.
    public func stroke(_ path: Path, with color: Color, lineWidth: CGFloat = 1) {
        addPath(path)
        setSource(color)
        cairo_set_line_width(context, Double(lineWidth.isFinite ? max(lineWidth, 0) : 1))
        cairo_stroke(context)
    }

    /// Makes `path` Cairo's current path. Elements with a point that is not finite are left out — a vertex dropped,
    /// as layout drops it from an exclusion's polygon; after a dropped move, the next finite point starts the
    /// subpath. (Cairo 1.16 keeps NaN in its stroker and later fills on the same canvas fail with "out of memory",
    /// found by the rendering fuzzer.)
    func addPath(_ path: Path) {
        cairo_new_path(context)
        var startsSubpath = false
        func finite(_ point: CGPoint) -> Bool { point.x.isFinite && point.y.isFinite }
        for element in path.elements {
            // The element's end point (nil for a close) and whether all its points are finite.
            let end: CGPoint?, isFinite: Bool
            switch element {
            case .move(let p), .line(let p): (end, isFinite) = (p, finite(p))
            case .quadCurve(let p, let c): (end, isFinite) = (p, finite(p) && finite(c))
            case .curve(let p, let c1, let c2): (end, isFinite) = (p, finite(p) && finite(c1) && finite(c2))
            case .closeSubpath: (end, isFinite) = (nil, true)
            }
            guard isFinite else {
                if case .move = element { startsSubpath = true }
                continue
            }
            if startsSubpath, let end {
                // The first finite element after a dropped move: its end point starts the subpath.
                startsSubpath = false
                cairo_move_to(context, Double(end.x), Double(end.y))
                continue
            }
            switch element {
            case .move(let p): cairo_move_to(context, Double(p.x), Double(p.y))
            case .line(let p): cairo_line_to(context, Double(p.x), Double(p.y))
            case .quadCurve(let p, let c):
                var x: Double = 0
                var y: Double = 0
                cairo_get_current_point(context, &x, &y)
                // A quadratic curve as the cubic with control points two thirds of the way to its control.
                cairo_curve_to(context, x + 2 / 3 * (Double(c.x) - x), y + 2 / 3 * (Double(c.y) - y),
                               Double(p.x) + 2 / 3 * Double(c.x - p.x), Double(p.y) + 2 / 3 * Double(c.y - p.y),
                               Double(p.x), Double(p.y))
            case .curve(let p, let c1, let c2):
                cairo_curve_to(context, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
            case .closeSubpath: cairo_close_path(context)
            }
        }
    }

    /// Cairo's error when the drawing context or its surface has stopped drawing (nil while it draws). Every public
    /// call keeps hostile input from getting there; the rendering fuzzer checks it after each call.
    package var cairoFailure: String? {
        for status in [cairo_status(context), cairo_surface_status(surface)] where status != CAIRO_STATUS_SUCCESS {
            return String(cString: cairo_status_to_string(status))
        }
        return nil
    }

    func setSource(_ color: Color) {
        func clamp(_ value: CGFloat) -> Double { Double(min(max(value, 0), 1)) }
        cairo_set_source_rgba(context, clamp(color.red), clamp(color.green), clamp(color.blue), clamp(color.alpha))
    }

    /// Ends the current page of a PDF and starts a new one of the same size (other canvases: nothing).
    public func newPage() {
        guard kind == .pdf, !isFinished else { return }
        cairo_show_page(context)
    }

    // MARK: Output

    /// Writes the image as PNG (PNG canvases only).
    /// - Throws: `RenderingError.cairoFailure` naming the file when it cannot be written or the canvas is not PNG.
    public func writePNG(to url: URL) throws {
        guard kind == .png else { throw RenderingError(.cairoFailure, "only PNG canvases write PNG files (\(url.path))") }
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, url.path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderingError(.cairoFailure, "cannot write \(url.path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Ends a PDF or SVG document and writes it; later drawing is ignored. PNG canvases only flush.
    /// - Throws: `RenderingError.cairoFailure` when Cairo reports an error.
    public func finish() throws {
        guard !isFinished else { return }
        isFinished = true
        cairo_surface_flush(surface)
        if kind != .png { cairo_surface_finish(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderingError(.cairoFailure, "Cairo failed to write the document: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// The RGBA value (0–255, not premultiplied) of a pixel of a PNG canvas, counted from the top left.
    ///
    /// - Parameters:
    ///   - x: the pixel column from the left.
    ///   - y: the pixel row from the top.
    /// - Returns: the pixel's components, or nil outside the image or for a PDF or SVG canvas.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        guard kind == .png, x >= 0, y >= 0, x < Int(cairo_image_surface_get_width(surface)),
            y < Int(cairo_image_surface_get_height(surface)), let data = cairo_image_surface_get_data(surface)
        else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let value = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let alpha = UInt8(value >> 24)
        func unpremultiply(_ channel: UInt32) -> UInt8 {
            alpha == 0 ? 0 : UInt8(min(255, (channel & 0xFF) * 255 / UInt32(alpha)))
        }
        return (unpremultiply(value >> 16), unpremultiply(value >> 8), unpremultiply(value), alpha)
    }

    /// Pixel size of a PNG canvas.
    public var pixelSize: (width: Int, height: Int) {
        (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
    }
}
