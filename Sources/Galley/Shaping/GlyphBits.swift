import Foundation

/// A set of glyph ids as bits (a CJK font's 65,535 glyphs in 8 KB): which glyphs a font's lookups involve.
struct GlyphBits: Sendable {
    private var words: [UInt64]

    init(count: Int) { words = Array(repeating: 0, count: (max(count, 0) + 63) / 64) }

    mutating func insert(_ glyph: Int) {
        guard glyph >= 0, glyph / 64 < words.count else { return }
        words[glyph / 64] |= 1 << UInt64(glyph % 64)
    }

    /// Whether the glyph is in the set; ids past the font's glyphs count as in it.
    func contains(_ glyph: Int) -> Bool {
        guard glyph >= 0, glyph / 64 < words.count else { return true }
        return words[glyph / 64] & (1 << UInt64(glyph % 64)) != 0
    }
}
