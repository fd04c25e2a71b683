internal import CHarfBuzz

/// The glyphs beside which a font's lookups substitute the space (Noto CJK's fonts put another space between two Hangul
/// syllables), and which characters' text stays clear of them: words of such text are shaped apart at their spaces,
/// as in fonts whose lookups leave the space alone (`HarfBuzzFont.spaceContexts`).
///
/// A character is clear when nothing its glyph can become through the substitutions HarfBuzz applies (their closure,
/// taken together with every character found clear before, so that ligatures across them count) is one of those
/// glyphs: then no lookup can substitute a space of the text, shaped whole or cut at its spaces, and both give the
/// same glyphs. Each character is asked once per font and setup; the answers are kept.
final class SpaceContexts: @unchecked Sendable {  // the HarfBuzz set is only read; the answers are behind their lock
    /// The glyphs of the contexts in which the space is substituted.
    let glyphs: GlyphBits
    /// The GSUB lookups of the shape plan, whose closure a character's glyph is taken through.
    let substitutionLookups: OpaquePointer

    private struct Answers {
        var clear = GlyphBits(count: 0x10000)  // UTF-16 units
        var notClear = GlyphBits(count: 0x10000)
        var clearGlyphs: [hb_codepoint_t] = []
    }
    private let answers = Locked(Answers())

    init(glyphs: GlyphBits, substitutionLookups: OpaquePointer) {
        self.glyphs = glyphs
        self.substitutionLookups = substitutionLookups
    }

    deinit { hb_set_destroy(substitutionLookups) }

    /// Whether every unit of `units` is a character clear of the contexts in `font` (the setup's font). Units that end
    /// a paragraph are never shaped and count as clear; a surrogate, or a character without a glyph, is not clear.
    func clears(_ units: Slice<UnsafeBufferPointer<UInt16>>, font: HarfBuzzFont) -> Bool {
        answers.withLock { answers in
            var unknown: [UInt16] = []
            for unit in units where !answers.clear.contains(Int(unit)) {
                if answers.notClear.contains(Int(unit)) { return false }
                if CharacterClasses.endsParagraph(unit) { continue }
                if !unknown.contains(unit) { unknown.append(unit) }
            }
            guard !unknown.isEmpty else { return true }
            // New characters: together with the clear ones first, each on its own only when that fails.
            var glyphsOfUnknown: [hb_codepoint_t] = []
            for unit in unknown {
                var glyph: hb_codepoint_t = 0
                guard !UTF16.isLeadSurrogate(unit), !UTF16.isTrailSurrogate(unit),
                      hb_font_get_nominal_glyph(font.pointer, hb_codepoint_t(unit), &glyph) != 0
                else {
                    answers.notClear.insert(Int(unit))
                    return false
                }
                glyphsOfUnknown.append(glyph)
            }
            if font.substitutionsStayClear(of: self, from: answers.clearGlyphs + glyphsOfUnknown) {
                for (unit, glyph) in zip(unknown, glyphsOfUnknown) {
                    answers.clear.insert(Int(unit))
                    answers.clearGlyphs.append(glyph)
                }
                return true
            }
            var allClear = true
            for (unit, glyph) in zip(unknown, glyphsOfUnknown) {
                if font.substitutionsStayClear(of: self, from: answers.clearGlyphs + [glyph]) {
                    answers.clear.insert(Int(unit))
                    answers.clearGlyphs.append(glyph)
                } else {
                    answers.notClear.insert(Int(unit))
                    allClear = false
                }
            }
            return allClear
        }
    }
}
