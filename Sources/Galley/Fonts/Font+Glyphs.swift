internal import CHarfBuzz
import Foundation

/// A glyph index in a font. Core Graphics: `CGGlyph`.
public typealias Glyph = UInt16

extension Font {
    /// The nominal glyph (cmap, no shaping) of each UTF-16 unit; a surrogate pair fills its first slot
    /// with the glyph and its second with 0, as Core Text does. Unmapped characters and unpaired
    /// surrogates give glyph 0.
    ///
    /// - Returns: the glyphs and whether every character was mapped.
    /// Core Text: `CTFontGetGlyphsForCharacters`.
    public func glyphs(forCharacters characters: [UInt16]) -> (glyphs: [Glyph], allMapped: Bool) {
        var glyphs = [Glyph](repeating: 0, count: characters.count)
        var allMapped = true
        var index = 0
        while index < characters.count {
            let unit = characters[index]
            var scalar = UInt32(unit)
            var width = 1
            if UTF16.isLeadSurrogate(unit), index + 1 < characters.count, UTF16.isTrailSurrogate(characters[index + 1]) {
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(characters[index + 1]) - 0xDC00)
                width = 2
            }
            if let glyph = glyph(forCodePoint: scalar), !UTF16.isSurrogate(unit) || width == 2 {
                glyphs[index] = glyph
            } else {
                allMapped = false
            }
            index += width
        }
        return (glyphs, allMapped)
    }

    /// The nominal glyph for one code point, or nil when the cmap has none.
    public func glyph(forCodePoint codePoint: UInt32) -> Glyph? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(harfBuzzFont.pointer, codePoint, &glyph) != 0 else { return nil }
        return Glyph(truncatingIfNeeded: glyph)
    }

    /// The glyph with a PostScript glyph name (post or CFF table), or nil.
    /// Core Text: `CTFontGetGlyphWithName`.
    public func glyph(named name: String) -> Glyph? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_glyph_from_name(harfBuzzFont.pointer, name, Int32(name.utf8.count), &glyph) != 0 else {
            return nil
        }
        return Glyph(truncatingIfNeeded: glyph)
    }

    /// The PostScript name of a glyph, or nil when the font has no glyph names.
    /// Core Text: `CTFontCopyNameForGlyph`.
    public func name(for glyph: Glyph) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        guard hb_font_get_glyph_name(harfBuzzFont.pointer, UInt32(glyph), &buffer, UInt32(buffer.count)) != 0 else {
            return nil
        }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// The advance of each glyph in points: horizontal advances as widths (through the font matrix's linear part:
    /// a matrix that rotates gives heights too); vertical advances as heights (positive, the distance the pen moves
    /// down).
    ///
    /// - Returns: the advances and their sum along the orientation.
    /// Core Text: `CTFontGetAdvancesForGlyphs`.
    public func advances(for glyphs: [Glyph], orientation: FontOrientation = .horizontal)
        -> (advances: [CGSize], total: CGFloat)
    {
        var total: CGFloat = 0
        let advances = glyphs.map { glyph -> CGSize in
            switch orientation {
            case .horizontal:
                let advance = CGFloat(hb_font_get_glyph_h_advance(harfBuzzFont.pointer, UInt32(glyph))) * scale
                guard let m = linearMatrix else {
                    total += advance
                    return CGSize(width: advance, height: 0)
                }
                total += advance * m.m11
                return CGSize(width: advance * m.m11, height: advance * m.m12)
            case .vertical:
                let advance = CGFloat(-hb_font_get_glyph_v_advance(harfBuzzFont.pointer, UInt32(glyph))) * scale
                total += advance
                return CGSize(width: 0, height: advance)
            }
        }
        return (advances, total)
    }

    /// The ink bounds of each glyph in points, y up, relative to the glyph origin (for the vertical
    /// orientation, relative to the vertical origin), through the font matrix's linear part. Glyphs without ink give
    /// `.zero`.
    ///
    /// - Returns: the rectangles and their union.
    /// Core Text: `CTFontGetBoundingRectsForGlyphs`.
    public func boundingRects(for glyphs: [Glyph], orientation: FontOrientation = .horizontal)
        -> (rects: [CGRect], union: CGRect)
    {
        var union = CGRect.null
        let rects = glyphs.map { glyph -> CGRect in
            guard var rect = inkExtents(of: glyph) else { return .zero }
            if orientation == .vertical {
                let translation = verticalTranslation(for: glyph)
                rect = rect.offsetBy(dx: translation.width, dy: translation.height)
            }
            union = union.union(rect)
            return rect
        }
        return (rects, union.isNull ? .zero : union)
    }

    /// The offset from each glyph's horizontal origin to its vertical origin, in points (y up): drawing a
    /// glyph at `origin + translation` places it for vertical text.
    /// Core Text: `CTFontGetVerticalTranslationsForGlyphs`.
    public func verticalTranslations(for glyphs: [Glyph]) -> [CGSize] {
        glyphs.map(verticalTranslation(for:))
    }

    private func verticalTranslation(for glyph: Glyph) -> CGSize {
        var x: hb_position_t = 0
        var y: hb_position_t = 0
        hb_font_get_glyph_v_origin(harfBuzzFont.pointer, UInt32(glyph), &x, &y)
        return CGSize(width: CGFloat(-x) * scale, height: CGFloat(-y) * scale)
    }

    /// The outline of a glyph in points (y up, origin at the glyph origin), transformed by `matrix`
    /// then by the font matrix; nil for glyphs without an outline (colour bitmaps) or out of range.
    ///
    /// - Parameters:
    ///   - glyph: the glyph index in this font.
    ///   - matrix: a transform applied to the outline before the font matrix; nil for none.
    ///
    /// Core Text: `CTFontCreatePathForGlyph`.
    public func path(for glyph: Glyph, matrix: AffineTransform? = nil) -> Path? {
        guard Int(glyph) < glyphCount, face.hasOutlines else { return nil }
        let outline = face.withFreeType(variation: descriptor.variation) { $0.outline(glyph: UInt32(glyph)) }
        guard var path = outline else { return nil }
        var transform = AffineTransform(scaleByX: scale, byY: scale)
        if let matrix { transform.append(matrix) }
        transform.append(self.matrix)
        path.apply(transform)
        return path
    }

    /// The caret positions inside a ligature glyph, in points from the glyph origin (GDEF LigCaretList);
    /// empty when the font defines none.
    /// Core Text: `CTFontGetLigatureCaretPositions`.
    public func ligatureCaretPositions(for glyph: Glyph) -> [CGFloat] {
        var count: UInt32 = 16
        var carets = [hb_position_t](repeating: 0, count: 16)
        let total = hb_ot_layout_get_ligature_carets(harfBuzzFont.pointer, HB_DIRECTION_LTR, UInt32(glyph), 0, &count, &carets)
        if total > 16 {
            count = total
            carets = [hb_position_t](repeating: 0, count: Int(total))
            hb_ot_layout_get_ligature_carets(harfBuzzFont.pointer, HB_DIRECTION_LTR, UInt32(glyph), 0, &count, &carets)
        }
        return carets.prefix(Int(count)).map { CGFloat($0) * scale }
    }

    /// The ink box of one glyph in points, y up, relative to its origin, through the font matrix's linear part
    /// (the box of the transformed box); nil for glyphs without ink.
    func inkExtents(of glyph: Glyph) -> CGRect? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(harfBuzzFont.pointer, UInt32(glyph), &extents) != 0,
            extents.width != 0 || extents.height != 0
        else { return nil }
        let box = CGRect(
            x: CGFloat(extents.x_bearing) * scale, y: CGFloat(extents.y_bearing + extents.height) * scale,
            width: CGFloat(extents.width) * scale, height: CGFloat(-extents.height) * scale
        ).standardized
        guard let m = linearMatrix else { return box }
        let corners = [CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY), CGPoint(x: box.minX, y: box.maxY),
                       CGPoint(x: box.maxX, y: box.maxY)].map { CGPoint(x: $0.x * m.m11 + $0.y * m.m21, y: $0.x * m.m12 + $0.y * m.m22) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
