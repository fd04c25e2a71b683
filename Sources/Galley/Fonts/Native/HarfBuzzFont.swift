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
}
