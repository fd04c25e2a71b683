internal import CCairo
import Foundation
import Galley

extension Canvas {
    /// Draws a line with its origin at the text position: backgrounds, glyphs (fill, stroke, colour
    /// emoji), attachments' images, then underlines and strikethroughs, each continuous across the runs that share
    /// a style. Other run-delegate runs draw nothing. The whole line is drawn through the text matrix (a text matrix
    /// that is not invertible draws nothing), in the current user space. The text position does not move.
    /// Core Text: `CTLineDraw`.
    public func draw(_ line: Line) {
        draw(line, clippingAttachmentsTo: nil)
    }

    /// `draw(_:)` with attachments' images clipped to `attachmentClip` (in user space) when given.
    func draw(_ line: Line, clippingAttachmentsTo attachmentClip: CGRect?) {
        var userMatrix = cairo_matrix_t()
        cairo_get_matrix(context, &userMatrix)
        inTextSpace { origin in
            drawLine(line, origin: origin, attachmentClip: attachmentClip.map { ($0, userMatrix) })
        }
    }

    /// Calls `body` with the text position in the space it should draw in: user space with the position as it is
    /// when the text matrix is a translation (the common case), else the text matrix's space with the origin at 0.
    /// Nothing when the text matrix (the text position among it) is not finite or, with the CTM, not invertible
    /// (Cairo would fail every later drawing).
    private func inTextSpace(_ body: (CGPoint) -> Void) {
        let matrix = textMatrix
        guard matrix.tX.isFinite, matrix.tY.isFinite else { return }
        if matrix.m11 == 1, matrix.m12 == 0, matrix.m21 == 0, matrix.m22 == 1 {
            body(textPosition)
            return
        }
        guard let text = Self.cairoMatrix(matrix) else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        guard transformIfUsable(text) else { return }
        body(.zero)
    }

    private func drawLine(_ line: Line, origin: CGPoint, attachmentClip: (rect: CGRect, userMatrix: cairo_matrix_t)?,
                          characters: Range<Int>? = nil, parts: LineParts = .all,
                          decorations handler: ((TextDecoration) -> Void)? = nil,
                          backgrounds backgroundHandler: ((CGRect, Color) -> Void)? = nil, textLayer: Bool = true) {
        let runs = line.runs
        // Each run's glyphs to draw: all, or the stretches whose characters are in `characters`.
        let selected: [[Range<Int>]] = runs.map { run in
            guard let characters else { return run.glyphCount > 0 ? [0..<run.glyphCount] : [] }
            return run.glyphRanges(forCharacters: characters)
        }
        if parts.contains(.backgrounds) {
            let bounds = line.typographicBounds
            var pen = origin.x
            for (run, stretches) in zip(runs, selected) {
                defer { pen += run.typographicBounds().width }
                guard let background = run.attributes.backgroundColor else { continue }
                let advances = run.advances
                for stretch in stretches {
                    let left = advances[..<stretch.lowerBound].reduce(0) { $0 + $1.width }
                    let width = advances[stretch].reduce(0) { $0 + $1.width }
                    let rect = CGRect(x: pen + left, y: origin.y - bounds.descent, width: width, height: bounds.ascent + bounds.descent)
                    if let backgroundHandler { backgroundHandler(rect, background) } else { fill(rect, with: background) }
                }
            }
        }
        guard parts.contains(.glyphs) else { return }
        let text = line.utf16Text
        for (run, stretches) in zip(runs, selected) where run.attributes.shadow != nil {
            for stretch in stretches { drawShadow(of: run, glyphs: stretch, origin: origin) }
        }
        for (run, stretches) in zip(runs, selected) {
            for stretch in stretches { drawGlyphs(run, glyphs: stretch, text: text, origin: origin, textLayer: textLayer) }
        }
        // Rubies beside their bases, as glyphs only: a PDF's text reads as the base.
        for ruby in line.rubies where characters.map({ ruby.base.overlaps($0) }) ?? true {
            let rubyOrigin = CGPoint(x: origin.x + ruby.origin.x, y: origin.y + ruby.origin.y)
            guard ruby.isColumn else {
                drawLine(ruby.line, origin: rubyOrigin, attachmentClip: nil, decorations: handler, textLayer: false)
                continue
            }
            // A column runs down from its origin: turned a quarter clockwise about it, as a vertical frame's lines.
            guard rubyOrigin.x.isFinite, rubyOrigin.y.isFinite else { continue }
            saveGraphicsState()
            concatenate(Self.quarterTurnClockwise(about: rubyOrigin))
            drawLine(ruby.line, origin: .zero, attachmentClip: nil, decorations: handler, textLayer: false)
            restoreGraphicsState()
        }
        drawAttachments(line, origin: origin, clip: attachmentClip, characters: characters)
        for decoration in TextDecoration.decorations(of: line, origin: origin, characters: characters, contextColor: fillColor) {
            if let handler { handler(decoration) } else { stroke(decoration) }
        }
    }

    /// What of a line `draw(_:characters:at:parts:decorations:)` draws.
    public struct LineParts: OptionSet, Sendable {
        public let rawValue: Int
        /// A part set. TextKit's drawing calls are split the same way.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Background colours. TextKit: `NSLayoutManager.drawBackground(forGlyphRange:at:)`.
        public static let backgrounds = LineParts(rawValue: 1)
        /// Shadows, glyphs, attachments, underlines and strikethroughs. TextKit: `drawGlyphs(forGlyphRange:at:)`.
        public static let glyphs = LineParts(rawValue: 2)
        /// Everything.
        public static let all: LineParts = [.backgrounds, .glyphs]
    }

    /// Draws some of a line: the backgrounds, or the glyphs and what goes with them, of the characters in a range,
    /// with its baseline origin at `origin` (in the text matrix's space, as `textPosition`); decorations through
    /// `decorations` when given (draw them there, or hand some to `draw(_ decoration:)`). What `draw(_ line:)` does
    /// in two steps, for drawing code that puts something between backgrounds and glyphs (a selection) or draws a
    /// line's characters in parts. TextKit: `NSLayoutManager.drawBackground(forGlyphRange:at:)` and
    /// `drawGlyphs(forGlyphRange:at:)` for one line fragment; Core Text: `CTRunDraw` with a range, for a line.
    ///
    /// - Parameters:
    ///   - line: the line.
    ///   - characters: the line's string indices whose glyphs are drawn; nil for all.
    ///   - origin: the baseline origin.
    ///   - parts: backgrounds, glyphs or both.
    ///   - decorations: called with each underline and strikethrough instead of drawing it; nil draws them.
    ///   - backgrounds: called with each background rectangle (in the text matrix's space) and its colour instead of
    ///     filling it; nil fills them.
    public func draw(_ line: Line, characters: Range<Int>? = nil, at origin: CGPoint, parts: LineParts = .all,
                     decorations: ((TextDecoration) -> Void)? = nil, backgrounds: ((CGRect, Color) -> Void)? = nil) {
        let saved = textPosition
        defer { textPosition = saved }
        textPosition = origin
        inTextSpace { origin in
            drawLine(line, origin: origin, attachmentClip: nil, characters: characters, parts: parts, decorations: decorations,
                     backgrounds: backgrounds)
        }
    }

    /// Draws a glyph range of a run (nil or an empty range: from its start to the end) with the run's
    /// font and colours, at the text position taken as its line's origin. Like Core Text, no underline.
    ///
    /// - Parameters:
    ///   - run: one of `line`'s runs.
    ///   - line: the line the run belongs to (its justification and positions).
    ///   - range: glyph indices within the run; nil or empty for all of them.
    ///
    /// Core Text: `CTRunDraw`.
    public func draw(_ run: Run, in line: Line, range: Range<Int>? = nil) {
        let count = run.glyphCount
        var glyphs = 0..<count
        if let range {
            let lower = min(max(range.lowerBound, 0), count)
            glyphs = lower..<(range.isEmpty ? count : min(max(range.upperBound, lower), count))
        }
        inTextSpace { origin in drawGlyphs(run, glyphs: glyphs, text: line.utf16Text, origin: origin) }
    }

    // MARK: Glyphs

    /// Draws glyphs of `font` at `positions` (the canvas's user space, y up; each a glyph's origin on its baseline)
    /// in `color` (nil: the fill colour), as text PDF viewers cannot copy (there is no string behind them). Counts that
    /// differ use the shorter; glyphs the font lacks draw its missing glyph; non-finite positions are skipped. The
    /// text matrix is not applied (Core Graphics applies its linear part to the glyph shapes; code that draws
    /// positioned glyphs sets it to the identity first).
    /// Core Text: `CTFontDrawGlyphs`; Core Graphics: `CGContext.showGlyphs(_:at:)`.
    public func draw(glyphs: [Glyph], positions: [CGPoint], font: Font, color: Color? = nil) {
        guard let face = CairoFontFaces.shared.face(for: font) else { return }
        var cairoGlyphs = zip(glyphs, positions).compactMap { glyph, position -> cairo_glyph_t? in
            guard position.x.isFinite, position.y.isFinite, glyph != GlyphProperty.nullGlyph else { return nil }
            return cairo_glyph_t(index: UInt(glyph), x: Double(position.x), y: Double(-position.y))
        }
        guard !cairoGlyphs.isEmpty else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_scale(context, 1, -1)  // glyph space is y down
        setFont(font, face: face)
        setSource(color ?? fillColor)
        switch glyphRendering(of: font) {
        case .cairo: cairo_show_glyphs(context, &cairoGlyphs, Int32(cairoGlyphs.count))
        case .outlines:
            cairo_scale(context, 1, -1)
            addPath(Self.outlines(of: zip(glyphs, positions).filter { $0.1.x.isFinite && $0.1.y.isFinite }, font: font))
            cairo_fill(context)
        case .nothing: break
        }
    }

    /// How glyphs of a font go to the device at the current transform.
    enum GlyphRendering {
        /// Through Cairo's glyph cache (as text in PDF and SVG).
        case cairo
        /// As filled outlines: the em is larger than Cairo and FreeType can rasterize.
        case outlines
        /// Not at all: colour bitmap glyphs that large, or a transform that flattens the glyphs.
        case nothing
    }

    /// Glyphs whose em would cover more than 8,192 device pixels (Cairo draws them from FreeType bitmaps and images
    /// of at most 32,767 pixels a side, and FreeType sizes end at 65,535 pixels an em), or in a PNG more than 256
    /// pixels one way and a sixteenth of that the other, are filled as outlines; colour
    /// bitmap glyphs that large (or that squeezed, in any document) are not drawn, nor are glyphs a transform flattens to less than a twentieth of a
    /// pixel across or stretches past a million pixels an em. Hostile transforms
    /// otherwise put the canvas in an error state, found by the rendering fuzzer. Call after `setFont`.
    func glyphRendering(of font: Font) -> GlyphRendering {
        var fontMatrix = cairo_matrix_t(), ctm = cairo_matrix_t(), device = cairo_matrix_t()
        cairo_get_font_matrix(context, &fontMatrix)
        cairo_get_matrix(context, &ctm)
        cairo_matrix_multiply(&device, &fontMatrix, &ctm)
        // How long the em's longest and thinnest images are, in device pixels. Under 1/20 pixel nothing shows, and
        // Cairo would sample a bitmap glyph through a matrix pixman's fixed point cannot hold ("out of memory").
        let (largest, smallest) = Self.stretch(of: device)
        // An em beyond a million device pixels has outlines past what Cairo's fixed point holds (24.8 bits): the
        // document fails when written ("out of memory", the rendering fuzzer: a text matrix stretching x by 10⁹).
        guard largest.isFinite, largest <= 1_000_000, smallest >= 0.05 else { return .nothing }
        // FreeType's rasterizer also fails (its cell pool overflows a band it cannot split further) on glyphs hundreds
        // of pixels long and a few high: in a PNG, an em more than 256 pixels that a transform squeezes to a sixteenth
        // as wide the other way is filled as outlines too (found by the rendering fuzzer: a text matrix 4,000 by 2.7).
        // PDF and SVG embed the outlines and rasterize nothing; filling such glyphs there made paths too far out for
        // Cairo's fixed point ("out of memory" when the document was written, found by the fuzzer too). Colour bitmap
        // glyphs that squeezed are not drawn in any document: a PDF's bitmap font sampled through them failed the same
        // way (the rendering fuzzer: a text matrix skewing an emoji 2,800 pixels one way and a tenth the other).
        guard largest > 8192 || ((kind == .png || !font.hasOutlines) && largest > 256 && largest > 16 * smallest) else { return .cairo }
        return font.hasOutlines ? .outlines : .nothing
    }

    /// The outlines of glyphs at positions (y up), each moved to its position, slanted by `obliqueness` and, for
    /// upright vertical forms, turned a quarter counter-clockwise (`Run.textMatrix`).
    static func outlines<Glyphs: Sequence<(Glyph, CGPoint)>>(of glyphs: Glyphs, font: Font, obliqueness: CGFloat = 0,
                                                            upright: Bool = false) -> Path {
        var path = Path()
        let slant = AffineTransform(m11: 1, m12: 0, m21: obliqueness, m22: 1, tX: 0, tY: 0)
        for (glyph, position) in glyphs {
            guard let outline = font.path(for: glyph, matrix: obliqueness == 0 ? nil : slant) else { continue }
            // (x, y) ↦ (−y, x), then moved to the position.
            let place = upright
                ? AffineTransform(m11: 0, m12: 1, m21: -1, m22: 0, tX: position.x, tY: position.y)
                : AffineTransform(translationByX: position.x, byY: position.y)
            path.addPath(outline, transform: place)
        }
        return path
    }

    /// Makes `font` (its face, size, matrix, variation; unhinted) Cairo's current font, in a y-down glyph space,
    /// slanted by `obliqueness` (x moves by it times the height above the baseline) and, for upright vertical forms,
    /// turned a quarter counter-clockwise (`Run.textMatrix`).
    func setFont(_ font: Font, face: OpaquePointer, obliqueness: CGFloat = 0, upright: Bool = false, in target: OpaquePointer? = nil) {
        let context = target ?? self.context
        cairo_set_font_face(context, face)
        let m = font.matrix
        // The font matrix after the slant: (x, y) ↦ (x + obliqueness·y, y) in y-up glyph space, then the font's.
        let m21 = m.m21 + obliqueness * m.m11, m22 = m.m22 + obliqueness * m.m12
        var matrix = cairo_matrix_t(
            xx: Double(font.size * m.m11), yx: Double(-font.size * m.m12), xy: Double(-font.size * m21),
            yy: Double(font.size * m22), x0: 0, y0: 0)
        if upright {
            // A quarter turn counter-clockwise in y-up space is (u, v) ↦ (v, −u) in Cairo's y-down glyph space.
            var font = matrix, turn = cairo_matrix_t(xx: 0, yx: -1, xy: 1, yy: 0, x0: 0, y0: 0)
            cairo_matrix_multiply(&matrix, &font, &turn)
        }
        cairo_set_font_matrix(context, &matrix)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        let variation = font.descriptor.variation
        if !variation.isEmpty {
            let settings = variation.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            cairo_font_options_set_variations(options, settings)
        }
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    private func drawGlyphs(_ run: Run, glyphs range: Range<Int>, text: [UInt16], origin: CGPoint, textLayer: Bool = true) {
        guard !run.isRunDelegate, !range.isEmpty, let face = CairoFontFaces.shared.face(for: run.font) else { return }
        let font = run.font
        let attributes = run.attributes
        let ids = run.glyphs
        let positions = run.positions
        // Hidden glyphs (`GlyphProperty.null`) are not drawn; a run with some draws its glyphs without their text.
        let shown = range.filter { ids[$0] != GlyphProperty.nullGlyph }
        guard !shown.isEmpty else { return }
        let hidesGlyphs = shown.count < range.count
        var glyphs = shown.map { index in
            cairo_glyph_t(index: UInt(ids[index]), x: Double(positions[index].x), y: Double(-positions[index].y))
        }
        cairo_save(context)
        cairo_translate(context, Double(origin.x), Double(origin.y))
        cairo_scale(context, 1, -1)  // glyph space is y down
        setFont(font, face: face, obliqueness: attributes.obliqueness, upright: run.isVertical)

        let foreground = attributes.foregroundColorFromContext ? fillColor : (attributes.foregroundColor ?? .black)
        let strokePercent = attributes.strokeWidth
        var rendering = glyphRendering(of: font)
        // Glyphs kept out of a PDF's text layer (a ruby) are filled as outlines: Cairo gives glyphs shown without text
        // the font's characters for them, which a reader would copy.
        if !textLayer, kind == .pdf, rendering == .cairo, font.hasOutlines { rendering = .outlines }
        if rendering == .nothing {
            // Nothing to draw (see `glyphRendering(of:)`).
        } else if rendering == .cairo, strokePercent == 0 || !font.hasOutlines {
            setSource(foreground)
            if hidesGlyphs {
                cairo_show_glyphs(context, &glyphs, Int32(glyphs.count))
            } else {
                showGlyphs(&glyphs, run: run, range: range, text: text)
            }
        } else {
            if rendering == .outlines {
                cairo_scale(context, 1, -1)
                addPath(Self.outlines(of: shown.lazy.map { (ids[$0], positions[$0]) }, font: font, obliqueness: attributes.obliqueness,
                                      upright: run.isVertical))
            } else {
                cairo_glyph_path(context, &glyphs, Int32(glyphs.count))
            }
            if strokePercent <= 0 {
                setSource(foreground)
                cairo_fill_preserve(context)
            }
            if strokePercent != 0 {
                setSource(attributes.strokeColor ?? foreground)
                cairo_set_line_width(context, Double(abs(strokePercent) * font.size / 100))
                cairo_stroke_preserve(context)
            }
            cairo_new_path(context)
        }
        cairo_restore(context)
    }

    /// Shows glyphs with their text (cairo_show_text_glyphs), so PDF viewers can select and copy it. Glyphs alone
    /// for runs whose string indices are not monotonic, and for fonts without outlines (colour bitmap fonts, which
    /// Cairo 1.16 writes as Type 3 fonts: with text attached, it can fail the whole document at `finish()` with
    /// "input string not valid UTF-8", found by the rendering fuzzer); such text draws but cannot be copied.
    private func showGlyphs(_ glyphs: inout [cairo_glyph_t], run: Run, range: Range<Int>, text: [UInt16]) {
        let indices = Array(run.stringIndices[range])
        let rightToLeft = run.status.contains(.rightToLeft)
        guard kind == .pdf, !run.status.contains(.nonMonotonic), run.font.hasOutlines else {
            cairo_show_glyphs(context, &glyphs, Int32(glyphs.count))
            return
        }
        // Clusters in text order; right-to-left glyphs are stored left to right, hence the backward flag.
        let logical = rightToLeft ? Array(indices.reversed()) : indices
        var starts: [Int] = []
        var counts: [Int] = []
        for index in logical {
            if starts.last == index { counts[counts.count - 1] += 1 } else {
                starts.append(index)
                counts.append(1)
            }
        }
        // A cluster's text runs to the next cluster start of the whole run (or the run's end).
        let allStarts = Array(Set(run.stringIndices)).sorted()
        func clusterEnd(_ start: Int) -> Int {
            var low = 0
            var high = allStarts.count
            while low < high {
                let middle = (low + high) / 2
                if allStarts[middle] <= start { low = middle + 1 } else { high = middle }
            }
            return low < allStarts.count ? allStarts[low] : run.stringRange.upperBound
        }
        var utf8: [UInt8] = []
        var clusters: [cairo_text_cluster_t] = []
        if let inserted = run.insertedText {
            // A token or hyphen stands for no characters of the string: its own text is one cluster of all its glyphs.
            utf8 = Canvas.cairoText(inserted.utf16[...])
            clusters = [cairo_text_cluster_t(num_bytes: Int32(utf8.count), num_glyphs: Int32(glyphs.count))]
            starts = []
        }
        for (position, start) in starts.enumerated() {
            let lower = min(max(start, 0), text.count)
            let upper = min(max(clusterEnd(start), lower), text.count)
            let bytes = Canvas.cairoText(text[lower..<upper])
            utf8.append(contentsOf: bytes)
            clusters.append(cairo_text_cluster_t(num_bytes: Int32(bytes.count), num_glyphs: Int32(counts[position])))
        }
        let flags = rightToLeft ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(rawValue: 0)
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                cairo_show_text_glyphs(
                    context, characters.baseAddress, Int32(characters.count), &glyphs, Int32(glyphs.count), &clusters,
                    Int32(clusters.count), flags)
            }
        }
    }

    // MARK: Underline and strikethrough

    /// Draws an underline or strikethrough as Galley draws them: solid or patterned, thick or double, only where
    /// the canvas shows it. For drawing code that handles some decorations itself and hands the rest back.
    /// TextKit: `NSLayoutManager.drawUnderline(…)` / `drawStrikethrough(…)` (what an override calls on `super`).
    public func draw(_ decoration: TextDecoration) {
        stroke(decoration)
    }

    private func stroke(_ decoration: TextDecoration) {
        // Not under a transform that stretches a point past a million device pixels or squeezes it below a millionth
        // (a text matrix stretching x by 10⁹): Cairo's stroker works there, but the document it writes fails ("out of
        // memory", found by the rendering fuzzer); no such line shows anything anyway.
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let (largest, smallest) = Self.stretch(of: matrix)
        guard largest <= 1_000_000, smallest >= 1e-6 else { return }
        let baseline = decoration.baseline
        let style = decoration.style
        var thickness = decoration.thickness
        if style.line == .thick { thickness *= 2 }
        var offsets: [CGFloat] = [0]
        if style.line == .double { offsets = [0, -thickness * 2] }
        let dashes: [Double]
        let t = Double(thickness)
        switch style.pattern {
        case .solid: dashes = []
        case .dot: dashes = [t, t * 2]
        case .dash: dashes = [t * 4, t * 2]
        case .dashDot: dashes = [t * 4, t * 2, t, t * 2]
        case .dashDotDot: dashes = [t * 4, t * 2, t, t * 2, t, t * 2]
        }
        // Only the part over the canvas is stroked: a line can be 10^10 points long (huge tracking), and Cairo would
        // lay out every dash of it (the rendering fuzzer's timeout). The start moves by whole dash periods, so the
        // pattern stays where it was. (The clip's extents are the canvas's, or less, in the current space.)
        let period = dashes.reduce(0, +)
        let margin = 4 * t + period
        var left: Double = 0, top: Double = 0, right: Double = 0, bottom: Double = 0
        cairo_clip_extents(context, &left, &top, &right, &bottom)
        var start = Double(decoration.start)
        let end = min(Double(decoration.end), right + margin)
        if start < left - margin {
            let skipped = left - margin - start
            start += period > 0 ? (skipped / period).rounded(.down) * period : skipped
        }
        guard start < end, start.isFinite, end.isFinite else { return }
        cairo_save(context)
        setSource(decoration.color)
        cairo_set_line_width(context, t)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        dashes.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32($0.count), 0) }
        for offset in offsets {
            let y = Double(baseline + decoration.position + offset)
            cairo_move_to(context, start, y)
            cairo_line_to(context, end, y)
            cairo_stroke(context)
        }
        cairo_restore(context)
    }

    /// UTF-8 that Cairo takes for a PDF's text: unpaired surrogates, U+0000 (where Cairo's UTF-8 reader stops) and the
    /// noncharacters (U+FDD0–U+FDEF and the last two code points of every plane), which Cairo's UTF-8 check refuses
    /// and which would fail the whole document, become U+FFFD.
    static func cairoText<Units: Collection<UInt16>>(_ units: Units) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(units.count)
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            let value = scalar.value
            let isNoncharacter = value == 0 || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
            result.append(contentsOf: (isNoncharacter ? "\u{FFFD}" : Unicode.Scalar(value)!).utf8)
        }
        return result
    }
}
