import Foundation

/// A set of glyph ids as bits (a CJK font's 65,535 glyphs in 8 KB): which glyphs a font's lookups involve.
struct GlyphBits: Sendable {
    private var words: [UInt64]
    /// Whether an id past the font's glyphs was inserted (not kept: such ids count as in every set).
    private var hasIdsPastCount = false

    init(count: Int) { words = Array(repeating: 0, count: (max(count, 0) + 63) / 64) }

    mutating func insert(_ glyph: Int) {
        guard glyph >= 0, glyph / 64 < words.count else {
            hasIdsPastCount = true
            return
        }
        words[glyph / 64] |= 1 << UInt64(glyph % 64)
    }

    /// Whether any glyph inserted here is in `other`, as `other.contains` answers.
    func intersects(_ other: GlyphBits) -> Bool {
        hasIdsPastCount || zip(words, other.words).contains { $0 & $1 != 0 } || words.count > other.words.count
            && words[other.words.count...].contains { $0 != 0 }
    }

    /// Whether the glyph is in the set; ids past the font's glyphs count as in it.
    func contains(_ glyph: Int) -> Bool {
        guard glyph >= 0, glyph / 64 < words.count else { return true }
        return words[glyph / 64] & (1 << UInt64(glyph % 64)) != 0
    }
}
