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
