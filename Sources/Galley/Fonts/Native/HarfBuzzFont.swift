internal import CHarfBuzz

/// Owns one immutable `hb_font_t` at a scale of one unit per design unit, with HarfBuzz's own OpenType
/// functions and a set of variation coordinates. Every `Font` of any size over the same face and
/// variation shares it; sizes scale its design-unit answers into points.
final class HarfBuzzFont: @unchecked Sendable {  // hb_font_make_immutable: HarfBuzz allows concurrent reads
    let pointer: OpaquePointer
    let face: HarfBuzzFace

    init(face: HarfBuzzFace, variation: [OpenTypeTag: Double]) {
        self.face = face
        let font = hb_font_create(face.pointer)!
        let upem = Int32(face.unitsPerEm)
        hb_font_set_scale(font, upem, upem)
        if !variation.isEmpty {
            var settings = variation.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                hb_variation_t(tag: $0.key.rawValue, value: Float($0.value))
            }
            hb_font_set_variations(font, &settings, UInt32(settings.count))
        }
        hb_font_make_immutable(font)
        self.pointer = font
    }

    deinit { hb_font_destroy(pointer) }

    /// Whether the lookups HarfBuzz applies to text of `script` and `language` set in a direction with `features` — its
    /// shape plan's GSUB and GPOS lookups, at this font's variation coordinates — involve the space glyph (as input,
    /// context or output). When they do not, text shapes the same cut at its spaces. A font without a space glyph
    /// involves none.
    func spaceTakesPartInLookups(script: hb_script_t, rightToLeft: Bool = false, language: String?, features: [hb_feature_t]) -> Bool {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(pointer, 0x20, &space) != 0 else { return false }
        var involved = false
        let planned = forEachLookup(script: script, rightToLeft: rightToLeft, language: language, features: features) { _, _, sets in
            involved = sets.contains { hb_set_has($0, space) != 0 }
            return !involved
        }
        return !planned || involved
    }

    /// The glyphs the same lookups involve (as input, context or output), a bit per glyph id (`GlyphBits`); nil when
    /// HarfBuzz could not plan, or when the font has tables HarfBuzz applies besides GSUB and GPOS whose pairs are not
    /// listed this way (a legacy `kern` table, AAT's `morx`, `mort`, `kerx`, `trak`): then any glyph may take part.
    func glyphsInLookups(script: hb_script_t, language: String?, features: [hb_feature_t]) -> GlyphBits? {
        for tag: OpenTypeTag in ["kern", "morx", "mort", "kerx", "trak"] where face.tableLength(tag) > 0 { return nil }
        var bits = GlyphBits(count: face.glyphCount)
        let planned = forEachLookup(script: script, rightToLeft: false, language: language, features: features) { _, _, sets in
            for set in sets { bits.insert(contentsOf: set) }
            return true
        }
        return planned ? bits : nil
    }

    /// The space's part in the lookups HarfBuzz applies to text of `script` (as `spaceTakesPartInLookups` asks), when
    /// it takes part only as what some GSUB lookups substitute alone, in a context of other glyphs: then `SpaceContexts`
    /// holds those contexts' glyphs, and text none of whose characters can become one of them shapes the same cut at
    /// its spaces (no such lookup can match there, shaped whole or cut). Nil when the space takes part any other way: in
    /// a positioning lookup, in a context or a sequence of several glyphs, or substituted by a glyph that any lookup
    /// involves. (Noto CJK's fonts substitute a space between two Hangul syllables; their Latin words are shaped apart.)
    func spaceContexts(script: hb_script_t, rightToLeft: Bool = false, language: String?, features: [hb_feature_t]) -> SpaceContexts? {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(pointer, 0x20, &space) != 0 else { return nil }
        var contexts = GlyphBits(count: face.glyphCount)
        var involved = GlyphBits(count: face.glyphCount)  // every glyph of every lookup but the space's substitutes
        var substitutes = GlyphBits(count: face.glyphCount)
        var takesPartOtherwise = false
        let gsub = hb_set_create()!
        let planned = forEachLookup(script: script, rightToLeft: rightToLeft, language: language, features: features) { table, lookup, sets in
            if table == "GSUB" { hb_set_add(gsub, lookup) }
            let isSpaceLookup = hb_set_has(sets[1], space) != 0
            if isSpaceLookup {
                // The space alone as input, in a substitution, and in no context of its own lookup.
                guard table == "GSUB", hb_set_get_population(sets[1]) == 1, hb_set_has(sets[0], space) == 0,
                      hb_set_has(sets[2], space) == 0
                else {
                    takesPartOtherwise = true
                    return false
                }
                contexts.insert(contentsOf: sets[0])
                contexts.insert(contentsOf: sets[2])
                substitutes.insert(contentsOf: sets[3])
                return true
            }
            if sets.contains(where: { hb_set_has($0, space) != 0 }) {
                takesPartOtherwise = true
                return false
            }
            for set in sets.prefix(3) { involved.insert(contentsOf: set) }
            return true
        }
        // (A substitute any lookup involves could shape differently beside a word than alone.)
        guard planned, !takesPartOtherwise, !substitutes.intersects(involved), !substitutes.intersects(contexts) else {
            hb_set_destroy(gsub)
            return nil
        }
        return SpaceContexts(glyphs: contexts, substitutionLookups: gsub)
    }

    /// Whether none of the glyphs `glyphs` can become through the lookups (`hb_ot_layout_lookups_substitute_closure`)
    /// is in `contexts`.
    func substitutionsStayClear(of contexts: SpaceContexts, from glyphs: [hb_codepoint_t]) -> Bool {
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        for glyph in glyphs { hb_set_add(set, glyph) }
        hb_ot_layout_lookups_substitute_closure(face.pointer, contexts.substitutionLookups, set)
        var glyph = HB_SET_VALUE_INVALID
        while hb_set_next(set, &glyph) != 0 {
            if contexts.glyphs.contains(Int(glyph)) { return false }
        }
        return true
    }

    /// Calls `body` with the table, the index and the glyph sets (before, input, after, output) of each GSUB and GPOS
    /// lookup of the shape plan for the text, until it returns false; false when HarfBuzz gives no plan.
    private func forEachLookup(script: hb_script_t, rightToLeft: Bool, language: String?, features: [hb_feature_t],
                               _ body: (OpenTypeTag, UInt32, [OpaquePointer]) -> Bool) -> Bool {
        var properties = hb_segment_properties_t()
        properties.direction = rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        properties.script = script
        properties.language = language.map { hb_language_from_string($0, -1) }  // none: as the shaper leaves it
        var length: UInt32 = 0
        let coordinates = hb_font_get_var_coords_normalized(pointer, &length)
        let plan = features.withUnsafeBufferPointer { features in
            hb_shape_plan_create_cached2(face.pointer, &properties, features.baseAddress, UInt32(features.count), coordinates, length, nil)
        }
        guard let plan else { return false }
        defer { hb_shape_plan_destroy(plan) }
        let lookups = hb_set_create()!
        let sets = (0..<4).map { _ in hb_set_create()! }
        defer {
            hb_set_destroy(lookups)
            sets.forEach { hb_set_destroy($0) }
        }
        for tag: OpenTypeTag in ["GSUB", "GPOS"] {
            hb_set_clear(lookups)
            hb_ot_shape_plan_collect_lookups(plan, tag.rawValue, lookups)
            var lookup = HB_SET_VALUE_INVALID
            while hb_set_next(lookups, &lookup) != 0 {
                sets.forEach { hb_set_clear($0) }
                hb_ot_layout_lookup_collect_glyphs(face.pointer, tag.rawValue, lookup, sets[0], sets[1], sets[2], sets[3])
                guard body(tag, lookup, sets) else { return true }
            }
        }
        return true
    }
}

extension GlyphBits {
    /// Adds every glyph of a HarfBuzz set.
    mutating func insert(contentsOf set: OpaquePointer) {
        var glyph = HB_SET_VALUE_INVALID
        while hb_set_next(set, &glyph) != 0 { insert(Int(glyph)) }
    }
}
