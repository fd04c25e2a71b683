import Foundation
import Galley

/// Core Text: `CTFont` (Galley's `Font` is the same kind of object: immutable, shared).
public typealias CTFont = Font
/// Core Text: `CTFontDescriptor`.
public typealias CTFontDescriptor = FontDescriptor
/// Core Graphics: `CGGlyph`.
public typealias CGGlyph = Glyph

/// The font named `name` (PostScript, full or family name) in `CoreTextEnvironment.fontCatalog`, at `size` (0: 12
/// pt); a name no face has gives fontconfig's best match, as Core Text gives a substitute. A size Galley refuses
/// (negative, NaN, infinite) gives 12 pt. Nil (where Core Text always has a font) only when the catalog holds no
/// font at all. Core Text: `CTFontCreateWithName`.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont! {
    let catalog = CoreTextEnvironment.fontCatalog
    let transform = matrix?.pointee.affineTransform
    if let font = try? Font(name: name as String, size: size, matrix: transform, catalog: catalog) { return font }
    if let font = try? Font(name: name as String, size: 12, matrix: transform, catalog: catalog) { return font }
    return CoreTextEnvironment.defaultFont
}

/// Core Text: `CTFontUIFontType`.
public typealias CTFontUIFontType = UIFontType

/// The interface font of a role in `CoreTextEnvironment.fontCatalog`, at `size` (0 or less: the role's default),
/// preferring faces that cover `language`; nil when the catalog has none. Core Text: `CTFontCreateUIFontForLanguage`.
public func CTFontCreateUIFontForLanguage(_ uiType: CTFontUIFontType, _ size: CGFloat, _ language: CFString?) -> CTFont? {
    try? Font.uiFont(uiType, size: size, language: language.map { $0 as String }, catalog: CoreTextEnvironment.fontCatalog)
}

/// A copy at another size (0 keeps it) and matrix. Core Text: `CTFontCreateCopyWithAttributes`.
public func CTFontCreateCopyWithAttributes(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                           _ attributes: CTFontDescriptor?) -> CTFont {
    let newSize = size == 0 ? font.size : size
    if let attributes, let copy = try? font.withAttributes(attributes, size: newSize) { return copy }
    return (try? font.withSize(newSize, matrix: matrix?.pointee.affineTransform)) ?? font
}

/// Core Text: `CTFontGetSize`.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }
/// Core Text: `CTFontGetAscent`.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { font.ascent }
/// Core Text: `CTFontGetDescent`.
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { font.descent }
/// Core Text: `CTFontGetLeading`.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { font.leading }
/// Core Text: `CTFontGetUnitsPerEm`.
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { UInt32(font.unitsPerEm) }
/// Core Text: `CTFontGetGlyphCount`.
public func CTFontGetGlyphCount(_ font: CTFont) -> CFIndex { font.glyphCount }
/// Core Text: `CTFontCopyPostScriptName`.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.postScriptName as NSString }
/// Core Text: `CTFontCopyFamilyName`.
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.familyName as NSString }
/// Core Text: `CTFontCopyFullName`.
public func CTFontCopyFullName(_ font: CTFont) -> CFString { font.fullName as NSString }

/// The glyphs of `count` UTF-16 units (a surrogate pair's second slot gets glyph 0); true when every character has
/// one. Core Text: `CTFontGetGlyphsForCharacters`.
public func CTFontGetGlyphsForCharacters(_ font: CTFont, _ characters: UnsafePointer<UInt16>, _ glyphs: UnsafeMutablePointer<CGGlyph>,
                                         _ count: CFIndex) -> Bool {
    guard count > 0 else { return true }
    let result = font.glyphs(forCharacters: Array(UnsafeBufferPointer(start: characters, count: count)))
    for index in 0..<min(count, result.glyphs.count) { glyphs[index] = result.glyphs[index] }
    return result.allMapped
}

/// A glyph's outline in points (y up), through `matrix`; nil for glyphs without one. Core Text:
/// `CTFontCreatePathForGlyph`.
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    font.path(for: glyph, matrix: matrix?.pointee.affineTransform).map { CGPath($0) }
}

/// A copy at `size` (0 keeps it) with `symTraitValue` set within `symTraitMask`; nil when the family has no such face.
/// Core Text: `CTFontCreateCopyWithSymbolicTraits`.
public func CTFontCreateCopyWithSymbolicTraits(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                               _ symTraitValue: CTFontSymbolicTraits, _ symTraitMask: CTFontSymbolicTraits) -> CTFont? {
    font.withSymbolicTraits(symTraitValue, mask: symTraitMask, size: size == 0 ? nil : size)
}

/// The same style in another family; nil when it has none. Core Text: `CTFontCreateCopyWithFamily`.
public func CTFontCreateCopyWithFamily(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ family: CFString) -> CTFont? {
    font.withFamily(family as String, size: size == 0 ? nil : size)
}

/// The font (this one or a fallback) that shows the characters of `range`. Core Text: `CTFontCreateForString`.
public func CTFontCreateForString(_ currentFont: CTFont, _ string: CFString, _ range: CFRange) -> CTFont {
    currentFont.forString(string as String, range: range.range)
}

/// Core Text: `CTFontCreateForStringWithLanguage`.
public func CTFontCreateForStringWithLanguage(_ currentFont: CTFont, _ string: CFString, _ range: CFRange, _ language: CFString?) -> CTFont {
    currentFont.forString(string as String, range: range.range, language: language as String?)
}

/// Core Text: `CTFontCopyDefaultCascadeListForLanguages`.
public func CTFontCopyDefaultCascadeListForLanguages(_ font: CTFont, _ languagePrefList: CFArray?) -> CFArray? {
    font.defaultCascadeList(forLanguages: (languagePrefList as? [String]) ?? []) as NSArray
}

/// Core Text: `CTFontGetMatrix`.
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { CGAffineTransform(font.matrix) }
/// Core Text: `CTFontGetSymbolicTraits`.
public func CTFontGetSymbolicTraits(_ font: CTFont) -> CTFontSymbolicTraits { font.symbolicTraits }
/// Core Text: `CTFontCopyTraits`.
public func CTFontCopyTraits(_ font: CTFont) -> CFDictionary { traitsDictionary(font.traits) }
/// Core Text: `CTFontGetBoundingBox`.
public func CTFontGetBoundingBox(_ font: CTFont) -> CGRect { font.boundingBox }
/// Core Text: `CTFontGetUnderlinePosition`.
public func CTFontGetUnderlinePosition(_ font: CTFont) -> CGFloat { font.underlinePosition }
/// Core Text: `CTFontGetUnderlineThickness`.
public func CTFontGetUnderlineThickness(_ font: CTFont) -> CGFloat { font.underlineThickness }
/// Core Text: `CTFontGetSlantAngle`.
public func CTFontGetSlantAngle(_ font: CTFont) -> CGFloat { font.slantAngle }
/// Core Text: `CTFontGetCapHeight`.
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { font.capHeight }
/// Core Text: `CTFontGetXHeight`.
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { font.xHeight }
/// Core Text: `CTFontCopyDisplayName`.
public func CTFontCopyDisplayName(_ font: CTFont) -> CFString { font.displayName as NSString }

/// Core Text: `kCTFontCopyrightNameKey` and the other name keys.
public var kCTFontCopyrightNameKey: CFString { "CTFontCopyrightName" }
/// Core Text: `kCTFontFamilyNameKey`.
public var kCTFontFamilyNameKey: CFString { "CTFontFamilyName" }
/// Core Text: `kCTFontSubFamilyNameKey`.
public var kCTFontSubFamilyNameKey: CFString { "CTFontSubFamilyName" }
/// Core Text: `kCTFontStyleNameKey` (the same string as the subfamily's).
public var kCTFontStyleNameKey: CFString { "CTFontSubFamilyName" }
/// Core Text: `kCTFontUniqueNameKey`.
public var kCTFontUniqueNameKey: CFString { "CTFontUniqueName" }
/// Core Text: `kCTFontFullNameKey`.
public var kCTFontFullNameKey: CFString { "CTFontFullName" }
/// Core Text: `kCTFontVersionNameKey`.
public var kCTFontVersionNameKey: CFString { "CTFontVersionName" }
/// Core Text: `kCTFontPostScriptNameKey`.
public var kCTFontPostScriptNameKey: CFString { "CTFontPostScriptName" }
/// Core Text: `kCTFontTrademarkNameKey`.
public var kCTFontTrademarkNameKey: CFString { "CTFontTrademarkName" }
/// Core Text: `kCTFontManufacturerNameKey`.
public var kCTFontManufacturerNameKey: CFString { "CTFontManufacturerName" }
/// Core Text: `kCTFontDesignerNameKey`.
public var kCTFontDesignerNameKey: CFString { "CTFontDesignerName" }
/// Core Text: `kCTFontDescriptionNameKey`.
public var kCTFontDescriptionNameKey: CFString { "CTFontDescriptionName" }

/// A name from the font's name table by Core Text's name key; nil when the font has none. Core Text: `CTFontCopyName`.
public func CTFontCopyName(_ font: CTFont, _ nameKey: CFString) -> CFString? {
    let keys: [String: FontNameKey] = [
        "CTFontCopyrightName": .copyright, "CTFontFamilyName": .family, "CTFontSubFamilyName": .subfamily,
        "CTFontUniqueName": .unique, "CTFontFullName": .full, "CTFontVersionName": .version,
        "CTFontPostScriptName": .postScript, "CTFontTrademarkName": .trademark, "CTFontManufacturerName": .manufacturer,
        "CTFontDesignerName": .designer, "CTFontDescriptionName": .description,
    ]
    return keys[nameKey as String].flatMap { font.name(for: $0) }.map { $0 as NSString }
}

/// The name and the language it is in (Galley reads the English names). Core Text: `CTFontCopyLocalizedName`.
public func CTFontCopyLocalizedName(_ font: CTFont, _ nameKey: CFString, _ actualLanguage: UnsafeMutablePointer<CFString?>?) -> CFString? {
    let name = CTFontCopyName(font, nameKey)
    actualLanguage?.pointee = name == nil ? nil : "en"
    return name
}

/// Core Text: `CTFontOrientation`.
public enum CTFontOrientation: UInt32, Sendable {
    /// Core Text: `default`, `horizontal`, `vertical`.
    case `default` = 0, horizontal = 1, vertical = 2
}

/// Writes each glyph's advance and returns their sum. Core Text: `CTFontGetAdvancesForGlyphs`.
public func CTFontGetAdvancesForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
                                       _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex) -> Double {
    let values = font.advances(for: Array(UnsafeBufferPointer(start: glyphs, count: max(count, 0))),
                               orientation: orientation == .vertical ? .vertical : .horizontal)
    for (index, advance) in values.advances.enumerated() { advances?[index] = advance }
    return Double(values.total)
}

/// Writes each glyph's ink bounds and returns their union. Core Text: `CTFontGetBoundingRectsForGlyphs`.
public func CTFontGetBoundingRectsForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
                                            _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex) -> CGRect {
    let values = font.boundingRects(for: Array(UnsafeBufferPointer(start: glyphs, count: max(count, 0))),
                                    orientation: orientation == .vertical ? .vertical : .horizontal)
    for (index, rect) in values.rects.enumerated() { boundingRects?[index] = rect }
    return values.union
}

/// Draws `count` glyphs at `positions` (user space) in the context's fill colour. Core Text: `CTFontDrawGlyphs`.
public func CTFontDrawGlyphs(_ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ positions: UnsafePointer<CGPoint>, _ count: Int,
                             _ context: CGContext) {
    let count = max(count, 0)
    context.canvas.draw(glyphs: Array(UnsafeBufferPointer(start: glyphs, count: count)),
                        positions: Array(UnsafeBufferPointer(start: positions, count: count)), font: font)
}

/// Core Text: `CTFontTableTag`.
public typealias CTFontTableTag = UInt32
/// Core Text: `CTFontTableOptions`.
public struct CTFontTableOptions: OptionSet, Sendable {
    /// The bits.
    public let rawValue: UInt32
    /// Options from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// The tags of the font's tables. Core Text: `CTFontCopyAvailableTables`.
public func CTFontCopyAvailableTables(_ font: CTFont, _ options: CTFontTableOptions) -> CFArray? {
    font.availableTables.map { NSNumber(value: $0.rawValue) } as NSArray
}

/// A table's bytes, or nil. Core Text: `CTFontCopyTable`.
public func CTFontCopyTable(_ font: CTFont, _ table: CTFontTableTag, _ options: CTFontTableOptions) -> CFData? {
    font.table(OpenTypeTag(rawValue: table)).map { $0 as NSData }
}

/// Whether the font has the table. Core Text: `CTFontHasTable` (macOS 15).
public func CTFontHasTable(_ font: CTFont, _ tag: CTFontTableTag) -> Bool {
    font.availableTables.contains(OpenTypeTag(rawValue: tag))
}
