import Foundation

/// What a glyph is, for code that substitutes glyphs before layout. TextKit: `NSLayoutManager.GlyphProperty`
/// (`NSGlyphProperty`), with the same raw values.
public struct GlyphProperty: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    /// A property set. TextKit: `NSLayoutManager.GlyphProperty(rawValue:)`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shown as nothing and no wider than nothing: the glyph becomes `GlyphProperty.nullGlyph`, zero wide, which
    /// canvases do not draw (hidden markup, folded text). Its character keeps its place for carets and selection.
    /// TextKit: `.null`.
    public static let null = GlyphProperty(rawValue: 1 << 0)
    /// A control character's glyph (tab, line and paragraph ends, other controls). TextKit: `.controlCharacter`.
    public static let controlCharacter = GlyphProperty(rawValue: 1 << 1)
    /// A glyph justification stretches (whitespace). TextKit: `.elastic`.
    public static let elastic = GlyphProperty(rawValue: 1 << 2)
    /// A glyph of a cluster after its first (a mark, the rest of a ligature's cluster). TextKit: `.nonBaseCharacter`.
    public static let nonBaseCharacter = GlyphProperty(rawValue: 1 << 3)

    /// The glyph a `.null` glyph becomes: no font has it (65,535 glyphs at most, numbered from 0). Core Graphics:
    /// `kCGFontIndexInvalid`.
    public static let nullGlyph: Glyph = 0xFFFF

    /// The properties of `glyph`, standing for the character `unit`, the cluster's first glyph or not: the one rule
    /// glyph substitution and glyph queries share.
    package static func of(_ glyph: Glyph, unit: UInt16, continuesCluster: Bool) -> GlyphProperty {
        var property: GlyphProperty = []
        if glyph == nullGlyph { property.insert(.null) }
        if CharacterClasses.isLayoutControl(unit) {
            property.insert(.controlCharacter)
        } else if CharacterClasses.isWhitespace(unit) {
            property.insert(.elastic)
        }
        if continuesCluster { property.insert(.nonBaseCharacter) }
        return property
    }
}

/// Glyph substitution after shaping, before lines are broken (TextKit's `shouldGenerateGlyphs` delegate): called
/// with each shaped item's glyphs, their properties, the characters they stand for (string offsets, as
/// `characterIndexes` gives them to the body's owner) and the font; the body may change glyphs, properties and
/// advances in place. A replaced glyph takes its advance from the font unless the body gave one; a `.null` one none.
/// Arrays whose lengths changed are ignored. Held by `TypesetterOptions`, compared by identity.
package final class GlyphGenerator: Hashable, @unchecked Sendable {
    package typealias Body = (_ glyphs: inout [Glyph], _ properties: inout [GlyphProperty], _ advances: inout [CGFloat],
                              _ characterIndexes: [Int], _ font: Font) -> Void
    let body: Body

    package init(_ body: @escaping Body) { self.body = body }

    package static func == (left: GlyphGenerator, right: GlyphGenerator) -> Bool { left === right }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Runs the body over glyphs `range` of `glyphs` (an item of `text` set in `font`) and writes back what it
    /// changed.
    func generate(_ glyphs: inout GlyphArrays, _ range: Range<Int>, text: AttributedText, font: Font) {
        guard !range.isEmpty else { return }
        let units = text.units
        var ids = range.map { glyphs.glyph($0) }
        let indexes = range.map { glyphs.stringIndex($0) }
        var properties: [GlyphProperty] = indexes.indices.map { position in
            let index = indexes[position]
            return GlyphProperty.of(ids[position], unit: index >= 0 && index < units.count ? units[index] : 0,
                                    continuesCluster: position > 0 && indexes[position - 1] == index)
        }
        let original = ids
        let originalProperties = properties
        var advances = range.map { glyphs.advance($0) }
        let originalAdvances = advances
        body(&ids, &properties, &advances, indexes, font)
        guard ids.count == original.count, properties.count == original.count, advances.count == original.count else { return }
        for position in ids.indices
        where ids[position] != original[position] || properties[position] != originalProperties[position] || advances[position] != originalAdvances[position] {
            let index = range.lowerBound + position
            if properties[position].contains(.null) {
                glyphs.setGlyph(index, GlyphProperty.nullGlyph)
                glyphs.setAdvance(index, 0)
                continue
            }
            if ids[position] != original[position] {
                glyphs.setGlyph(index, ids[position])
                glyphs.setAdvance(index, font.advances(for: [ids[position]]).total)
            }
            // An advance given outright wins (finite and no wider than any line may be).
            let advance = advances[position]
            if advance != originalAdvances[position], advance.isFinite, advance >= 0 {
                glyphs.setAdvance(index, min(advance, LayoutLimits.maximumExtent))
            }
        }
    }
}
