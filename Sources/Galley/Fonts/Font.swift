internal import CHarfBuzz
import Foundation
import Synchronization

/// A face at a size: metrics in points, glyph lookups, outlines, names, tables, features and variations.
///
/// A `Font` is immutable and `Sendable`. Fonts over one face share its HarfBuzz face and HarfBuzz font
/// (design-unit scale), so creating fonts of many sizes is cheap. Metrics follow Core Text's
/// conventions: points, y up, `descent` a positive distance below the baseline.
///
/// Core Text: `CTFont` (an `NSObject`, as `UIFont` is, so that Foundation's attribute dictionaries on Linux compare
/// fonts through `isEqual`: see FoundationAttributeValue.swift).
public final class Font: NSObject, Sendable {
    // Must stay the first stored property: CoreFoundation reads it (FoundationAttributeValue.swift).
    private let typeTag = CoreFoundationTypeTag.value

    /// Core Text's default size, used for a size of 0.
    public static let defaultSize: CGFloat = 12

    /// The point size. Core Text: `CTFontGetSize`.
    public let size: CGFloat
    /// The font matrix (identity unless one was given). Core Text: `CTFontGetMatrix`.
    public let matrix: AffineTransform
    /// The face's descriptor with this font's size, features, variation and cascade list.
    /// Core Text: `CTFontCopyFontDescriptor`.
    public let descriptor: FontDescriptor
    /// The catalog the font was found in; fallback searches it.
    public let catalog: FontCatalog

    let face: FontFace
    /// The font matrix's linear part (a b c d), nil when it is the identity: advances, offsets and ink bounds go
    /// through it, as outlines do (its translation moves outlines only).
    let linearMatrix: (m11: CGFloat, m12: CGFloat, m21: CGFloat, m22: CGFloat)?
    /// A number no other font object of the process has, before or after (unlike an `ObjectIdentifier`, which a
    /// later object may reuse): caches key on it without keeping the font alive.
    let serialNumber: UInt64 = Font.serialNumbers.add(1, ordering: .relaxed).newValue
    private static let serialNumbers = Atomic<UInt64>(0)
    let harfBuzzFont: HarfBuzzFont
    /// Points per design unit.
    let scale: CGFloat
    /// Fallback answers of this font object by (code point, language): layout asks the same questions for every
    /// paragraph, and this memo answers them without building cache keys. Bounded; nil stands for this font
    /// itself (so the memo never holds its own font).
    let fallbackMemo = Locked<[FallbackMemoKey: Font?]>([:])
    /// `asciiFallbackTable()`, made on its first use.
    let asciiFallbacks = Locked<ASCIIFallbacks?>(nil)
    /// This face at other sizes and matrices that layout made from this font (superscripts, expansion), so every run
    /// that asks gets the same object and the caches keyed on it hit. Bounded.
    let derivedFonts = Locked<[DerivedFontKey: Font]>([:])

    /// Scaled ascender (HarfBuzz's choice: OS/2 typo metrics when USE_TYPO_METRICS is set, else hhea).
    /// Core Text: `CTFontGetAscent`.
    public let ascent: CGFloat
    /// Scaled descender as a positive distance below the baseline. Core Text: `CTFontGetDescent`.
    public let descent: CGFloat
    /// Scaled line gap. Core Text: `CTFontGetLeading`.
    public let leading: CGFloat
    /// Height of capital letters (OS/2 sCapHeight). Core Text: `CTFontGetCapHeight`.
    public let capHeight: CGFloat
    /// Height of lower-case x (OS/2 sxHeight). Core Text: `CTFontGetXHeight`.
    public let xHeight: CGFloat
    /// Underline position relative to the baseline, normally negative (post table).
    /// Core Text: `CTFontGetUnderlinePosition`.
    public let underlinePosition: CGFloat
    /// Underline thickness (post table). Core Text: `CTFontGetUnderlineThickness`.
    public let underlineThickness: CGFloat
    /// Italic angle in degrees, counter-clockwise from vertical (negative leans right).
    /// Core Text: `CTFontGetSlantAngle`.
    public let slantAngle: CGFloat
    /// The union of all glyph bounds (head table), scaled. Core Text: `CTFontGetBoundingBox`.
    public let boundingBox: CGRect
    /// Traits read from the face (OS/2 weight and width, post slant, with variations applied).
    /// Core Text: `CTFontCopyTraits`.
    public let traits: FontTraits

    /// How far text in a column of vertical text reaches either side of the column's centre line: half the font's
    /// ascent and descent. Vertical text is set on a central baseline (CSS's in vertical writing): upright forms
    /// stand centred on it (HarfBuzz centres them), and text set sideways is moved to centre its ascent and descent on
    /// it, so a vertical line is as wide as a horizontal line is tall. (Fonts' `vhea` extents are not used: many CJK
    /// fonts leave them zero.)
    var halfHeight: CGFloat { (ascent + descent) / 2 }

    /// Design units per em. Core Text: `CTFontGetUnitsPerEm`.
    public var unitsPerEm: Int { face.unitsPerEm }
    /// Number of glyphs. Core Text: `CTFontGetGlyphCount`.
    public var glyphCount: Int { face.glyphCount }
    /// Symbolic traits. Core Text: `CTFontGetSymbolicTraits`.
    public var symbolicTraits: SymbolicTraits { traits.symbolic }
    /// The file the font was read from; nil for fonts made from data. Core Text: `kCTFontURLAttribute`.
    public var url: URL? { face.url }

    // MARK: Creation

    init(face: FontFace, descriptor: FontDescriptor, size requested: CGFloat?, matrix: AffineTransform?,
         catalog: FontCatalog) throws(FontError) {
        let size = try Font.validatedSize(requested ?? descriptor.size)
        if let matrix, ![matrix.m11, matrix.m12, matrix.m21, matrix.m22, matrix.tX, matrix.tY].allSatisfy(\.isFinite) {
            throw FontError(.invalidSize, "the font matrix \(matrix) has a value that is not finite")
        }
        self.size = size
        self.matrix = matrix ?? descriptor.matrix ?? AffineTransform()
        let linear = self.matrix
        self.linearMatrix = linear.m11 == 1 && linear.m12 == 0 && linear.m21 == 0 && linear.m22 == 1
            ? nil : (linear.m11, linear.m12, linear.m21, linear.m22)
        self.face = face
        self.catalog = catalog
        self.harfBuzzFont = face.harfBuzzFont(variation: descriptor.variation)
        self.scale = size / CGFloat(face.unitsPerEm)
        let font = harfBuzzFont.pointer
        let scale = self.scale

        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascent = CGFloat(extents.ascender) * scale
        descent = CGFloat(-extents.descender) * scale
        leading = CGFloat(extents.line_gap) * scale
        func metric(_ tag: hb_ot_metrics_tag_t, fallback: CGFloat) -> CGFloat {
            var position: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &position) != 0 ? CGFloat(position) * scale : fallback
        }
        capHeight = metric(HB_OT_METRICS_TAG_CAP_HEIGHT, fallback: CGFloat(extents.ascender) * scale)
        xHeight = metric(HB_OT_METRICS_TAG_X_HEIGHT, fallback: CGFloat(extents.ascender) * scale / 2)
        underlinePosition = metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, fallback: -size / 10)
        underlineThickness = metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE, fallback: size / 20)
        slantAngle = CGFloat(hb_style_get_value(font, HB_STYLE_TAG_SLANT_ANGLE))
        boundingBox = Font.headBoundingBox(face.harfBuzz, scale: scale)

        let weight = Double(hb_style_get_value(font, HB_STYLE_TAG_WEIGHT))
        let widthPercent = Double(hb_style_get_value(font, HB_STYLE_TAG_WIDTH))
        var symbolic = descriptor.traits?.symbolic.intersection([.monoSpace]) ?? []
        if weight >= 600 { symbolic.insert(.bold) }
        if hb_style_get_value(font, HB_STYLE_TAG_ITALIC) != 0 || slantAngle != 0 { symbolic.insert(.italic) }
        if widthPercent < 100 { symbolic.insert(.condensed) }
        if widthPercent > 100 { symbolic.insert(.expanded) }
        if Font.isFixedPitch(face.harfBuzz) { symbolic.insert(.monoSpace) }
        let faceHandle = face.harfBuzz.pointer
        if hb_ot_color_has_layers(faceHandle) != 0 || hb_ot_color_has_png(faceHandle) != 0
            || hb_ot_color_has_svg(faceHandle) != 0
        {
            symbolic.insert(.colorGlyphs)
        }
        traits = FontTraits(
            symbolic: symbolic, weight: FontWeight.fromOpenType(weight), width: FontWidthScale.fromPercent(widthPercent),
            slant: -slantAngle / 30)

        var resolved = descriptor
        resolved.size = size
        resolved.matrix = matrix ?? descriptor.matrix
        if resolved.url == nil, let url = face.url { resolved.url = url }
        if resolved.faceIndex == nil { resolved.faceIndex = face.key.index }
        if resolved.postScriptName == nil { resolved.postScriptName = face.harfBuzz.name(id: 6) }
        if resolved.family == nil { resolved.family = face.harfBuzz.name(id: 16) ?? face.harfBuzz.name(id: 1) }
        if resolved.styleName == nil { resolved.styleName = face.harfBuzz.name(id: 17) ?? face.harfBuzz.name(id: 2) }
        if resolved.displayName == nil { resolved.displayName = face.harfBuzz.name(id: 4) }
        if resolved.traits == nil { resolved.traits = traits }
        self.descriptor = resolved
        super.init()
    }

    /// A font for a PostScript name, full name or family name.
    ///
    /// The name is looked up as a PostScript or full name first, then as a family; a name the catalog does
    /// not know gives, as in Core Text, a substitute: fontconfig's best match for it (the catalog's default
    /// face). Check `descriptor.postScriptName` or `familyName` to see what was found.
    ///
    /// - Parameters:
    ///   - name: a PostScript name, full name or family name.
    ///   - size: points; 0 means 12 pt (Core Text's default).
    ///   - matrix: an optional font matrix.
    ///   - catalog: the fonts to look in (the system's by default).
    /// - Throws: `FontError` for a negative, NaN or infinite size (`.invalidSize`), an empty catalog
    ///   (`.noFontsAvailable`), or a matched file that cannot be read.
    /// Core Text: `CTFontCreateWithName`.
    public convenience init(name: String, size: CGFloat = 0, matrix: AffineTransform? = nil,
                            catalog: FontCatalog = .system) throws(FontError) {
        _ = try Font.validatedSize(size)
        let found = catalog.descriptor(named: name) ?? FontDescriptor(family: name).matchingDescriptor(mandatoryKeys: [], in: catalog)
        guard let found else { throw FontError(.noFontsAvailable, "the font catalog has no fonts; cannot find \"\(name)\"") }
        try self.init(resolved: found, size: size, matrix: matrix, catalog: catalog)
    }

    /// A font for the best face matching a descriptor, with the descriptor's features, variations and
    /// cascade list. A descriptor with a `url` opens that file directly.
    ///
    /// - Parameters:
    ///   - descriptor: the attributes to match.
    ///   - size: points; nil takes the descriptor's size; 0 means 12 pt.
    ///   - matrix: an optional font matrix.
    ///   - catalog: the fonts to look in (the system's by default).
    /// - Throws: `FontError` as `init(name:size:)`, and for an unreadable or damaged file.
    /// Core Text: `CTFontCreateWithFontDescriptor`.
    public convenience init(descriptor: FontDescriptor, size: CGFloat? = nil, matrix: AffineTransform? = nil,
                            catalog: FontCatalog = .system) throws(FontError) {
        _ = try Font.validatedSize(size ?? descriptor.size)
        if descriptor.url != nil {
            try self.init(resolved: descriptor, size: size, matrix: matrix, catalog: catalog)
            return
        }
        guard let found = descriptor.matchingDescriptor(mandatoryKeys: [], in: catalog) else {
            throw FontError(.noFontsAvailable, "the font catalog has no fonts to match \(descriptor)")
        }
        try self.init(resolved: found, size: size, matrix: matrix, catalog: catalog)
    }

    /// A font read straight from a file, without matching or registering.
    ///
    /// - Throws: `FontError` (`.fileNotFound`, `.unrecognizedFormat`, `.invalidFontData`,
    ///   `.faceIndexOutOfRange`, `.invalidSize`) naming the file.
    /// Core Text: `CTFontManagerCreateFontDescriptorsFromURL` followed by `CTFontCreateWithFontDescriptor`.
    public convenience init(url: URL, faceIndex: Int = 0, size: CGFloat = 0, catalog: FontCatalog = .system)
        throws(FontError)
    {
        var descriptor = FontDescriptor()
        descriptor.url = url
        descriptor.faceIndex = faceIndex
        try self.init(resolved: descriptor, size: size, matrix: nil, catalog: catalog)
    }

    /// A font read from data (copied), without registering it.
    ///
    /// - Throws: `FontError` for empty, damaged or non-font data.
    /// Core Text: `CTFontManagerCreateFontDescriptorFromData` followed by `CTFontCreateWithFontDescriptor`.
    public convenience init(data: Data, faceIndex: Int = 0, size: CGFloat = 0, catalog: FontCatalog = .system)
        throws(FontError)
    {
        let face = try FontFace.load(data: data, index: faceIndex)
        try self.init(face: face, descriptor: FontDescriptor(), size: size, matrix: nil, catalog: catalog)
    }

    private convenience init(resolved: FontDescriptor, size: CGFloat?, matrix: AffineTransform?,
                             catalog: FontCatalog) throws(FontError) {
        guard let url = resolved.url else {
            throw FontError(.fileNotFound, "the descriptor \(resolved) names no font file")
        }
        let face = try FontFace.load(url: url, index: resolved.faceIndex ?? 0)
        try self.init(face: face, descriptor: resolved, size: size, matrix: matrix, catalog: catalog)
    }

    /// The size to use: 0 becomes 12 (Core Text's default); negative, NaN and infinite sizes, and sizes above
    /// `LayoutLimits.maximumFontSize`, are refused.
    static func validatedSize(_ size: CGFloat?) throws(FontError) -> CGFloat {
        guard let size else { return defaultSize }
        guard size.isFinite, size >= 0 else {
            throw FontError(.invalidSize, "font size \(size) is not a finite, non-negative number of points")
        }
        guard size <= LayoutLimits.maximumFontSize else {
            throw FontError(.invalidSize, "font size \(size) is above the largest size, \(LayoutLimits.maximumFontSize) points")
        }
        return size == 0 ? defaultSize : size
    }

    // MARK: Copies

    /// The key of a font derived from another: its size and matrix.
    struct DerivedFontKey: Hashable {
        let size: CGFloat
        let matrix: AffineTransform
    }

    /// This face at `size` with `matrix`, made once per font object (up to 32 of them; more are made each time).
    func derived(size: CGFloat, matrix: AffineTransform) -> Font {
        let key = DerivedFontKey(size: size, matrix: matrix)
        if let found = derivedFonts.withLock({ $0[key] }) { return found }
        guard let font = try? withSize(size, matrix: matrix) else { return self }
        return derivedFonts.withLock { fonts in
            if let found = fonts[key] { return found }
            if fonts.count < 32 { fonts[key] = font }
            return font
        }
    }

    /// The same face at another size (0 = 12 pt), keeping features and variations.
    ///
    /// - Parameters:
    ///   - size: the new size in points; 0 is 12 pt.
    ///   - matrix: the new font matrix; nil keeps this font's.
    /// - Throws: `FontError.invalidSize` for a size that is negative, NaN or infinite.
    ///
    /// Core Text: `CTFontCreateCopyWithAttributes(font, size, NULL, NULL)`.
    public func withSize(_ size: CGFloat, matrix: AffineTransform? = nil) throws(FontError) -> Font {
        try Font(face: face, descriptor: descriptor, size: size, matrix: matrix ?? self.matrix, catalog: catalog)
    }

    /// The same face with attributes merged in: features, variations, cascade list, size and matrix.
    /// Face-identifying attributes in `attributes` are ignored (use `withFamily` or `withSymbolicTraits`).
    ///
    /// - Parameters:
    ///   - attributes: features, variations, cascade list and matrix to merge in.
    ///   - size: the new size in points; nil keeps this font's (or the attributes' size, when they set one).
    /// - Throws: `FontError.invalidSize` for a size that is negative, NaN or infinite.
    ///
    /// Core Text: `CTFontCreateCopyWithAttributes`.
    public func withAttributes(_ attributes: FontDescriptor, size: CGFloat? = nil) throws(FontError) -> Font {
        var merged = descriptor
        merged.featureSettings = descriptor.merging(attributes).featureSettings
        merged.variation.merge(attributes.variation) { $1 }
        if !attributes.cascadeList.isEmpty { merged.cascadeList = attributes.cascadeList }
        return try Font(
            face: face, descriptor: merged, size: size ?? attributes.size ?? self.size,
            matrix: attributes.matrix ?? matrix, catalog: catalog)
    }

    /// The face of the same family with the given symbolic traits, or nil when the family has none.
    ///
    /// - Parameters:
    ///   - traits: the symbolic traits wanted (bold, italic, …).
    ///   - mask: which traits `traits` decides; the others stay as they are.
    ///   - size: the new size in points; nil keeps this font's.
    ///
    /// Core Text: `CTFontCreateCopyWithSymbolicTraits`.
    public func withSymbolicTraits(_ traits: SymbolicTraits, mask: SymbolicTraits, size: CGFloat? = nil)
        -> Font?
    {
        var query = FontDescriptor(family: descriptor.family ?? "")
        var wanted = self.traits
        wanted.symbolic = wanted.symbolic.subtracting(mask).union(traits.intersection(mask))
        wanted.weight = mask.contains(.bold) ? (wanted.symbolic.contains(.bold) ? FontWeight.bold : 0) : wanted.weight
        wanted.slant = nil
        wanted.width = nil
        query.traits = wanted
        query.cascadeList = descriptor.cascadeList
        query.featureSettings = descriptor.featureSettings
        guard let match = query.matchingDescriptors(mandatoryKeys: [.family, .traits], in: catalog).first,
            let url = match.url
        else { return nil }
        guard let face = try? FontFace.load(url: url, index: match.faceIndex ?? 0) else { return nil }
        return try? Font(face: face, descriptor: match, size: size ?? self.size, matrix: matrix, catalog: catalog)
    }

    /// The face of another family with the same traits, or nil when that family is not in the catalog.
    ///
    /// - Parameters:
    ///   - family: the family name, as fontconfig knows it.
    ///   - size: the new size in points; nil keeps this font's.
    ///
    /// Core Text: `CTFontCreateCopyWithFamily`.
    public func withFamily(_ family: String, size: CGFloat? = nil) -> Font? {
        var query = FontDescriptor(family: family)
        query.traits = FontTraits(symbolic: traits.symbolic.intersection([.bold, .italic]), weight: traits.weight)
        query.featureSettings = descriptor.featureSettings
        guard let match = query.matchingDescriptors(mandatoryKeys: [.family], in: catalog).first,
            let url = match.url,
            let face = try? FontFace.load(url: url, index: match.faceIndex ?? 0)
        else { return nil }
        return try? Font(face: face, descriptor: match, size: size ?? self.size, matrix: matrix, catalog: catalog)
    }

    // MARK: Identity

    /// Equal when both are the same face at the same size, matrix, variation and features, and fall back alike: from
    /// the same catalog, with the same cascade list. (Fonts of one face from two catalogs draw their own glyphs the
    /// same but a character they lack differently, so an attributed string must not merge their runs.)
    /// Core Text: `CFEqual` on two `CTFont`s.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Font else { return false }
        return self === other
            || (face.key == other.face.key && size == other.size && matrix == other.matrix
                && descriptor.variation == other.descriptor.variation
                && descriptor.featureSettings == other.descriptor.featureSettings
                && catalog === other.catalog && descriptor.cascadeList == other.descriptor.cascadeList)
    }

    /// A hash of the face and size. Core Text: `CFHash` on a `CTFont`.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(face.key)
        hasher.combine(size)
        return hasher.finalize()
    }

    /// "PostScriptName 12.0pt".
    public override var description: String { "\(postScriptName) \(size)pt" }

    // MARK: Helpers

    private static func headBoundingBox(_ face: HarfBuzzFace, scale: CGFloat) -> CGRect {
        let head = face.table("head")
        guard head.count >= 44 else { return .zero }
        let values = head.withUnsafeBytes { bytes in
            [36, 38, 40, 42].map { CGFloat(Int16(bigEndian: bytes.loadUnaligned(fromByteOffset: $0, as: Int16.self))) }
        }
        return CGRect(x: values[0] * scale, y: values[1] * scale,
                      width: (values[2] - values[0]) * scale, height: (values[3] - values[1]) * scale)
    }

    private static func isFixedPitch(_ face: HarfBuzzFace) -> Bool {
        let post = face.table("post")
        guard post.count >= 16 else { return false }
        return post.withUnsafeBytes { UInt32(bigEndian: $0.loadUnaligned(fromByteOffset: 12, as: UInt32.self)) } != 0
    }
}
