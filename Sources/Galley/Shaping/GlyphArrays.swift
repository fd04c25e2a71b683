import Foundation

/// Flat per-glyph storage in compact parallel arrays, no per-glyph objects: 2-byte glyph ids, 4-byte advances,
/// 4-byte string indices (relative to `base`), one byte of flags, and offsets only once a glyph has one (most text
/// has none). About 11 bytes a glyph; values are read and written as `CGFloat` and absolute `Int` offsets.
struct GlyphArrays: Sendable {
    private(set) var glyphs: [Glyph] = []
    private var advanceValues: [Float] = []
    /// Empty while every offset is zero; otherwise one per glyph.
    private var offsetValues: [SIMD2<Float>] = []
    /// String indices minus `base`.
    private var indexValues: [Int32] = []
    /// Bit 0: HarfBuzz's unsafe-to-break flag (breaking before this glyph needs reshaping).
    private var flagValues: [UInt8] = []
    /// The UTF-16 offset string indices are stored relative to (a paragraph's or a line's start): a paragraph
    /// holds at most `Int32.max` units (`TypesetterOptions.maximumUnboundedParagraphLength`).
    let base: Int

    init(base: Int = 0) { self.base = base }

    var count: Int { glyphs.count }

    /// Horizontal advance in points (kern and tracking included).
    @inline(__always) func advance(_ index: Int) -> CGFloat { CGFloat(advanceValues[index]) }

    /// Offset from the pen position in points (mark attachment, cursive connection); y up.
    @inline(__always) func offset(_ index: Int) -> CGPoint {
        guard !offsetValues.isEmpty else { return .zero }
        let value = offsetValues[index]
        return CGPoint(x: CGFloat(value.x), y: CGFloat(value.y))
    }

    /// UTF-16 index of the glyph's cluster.
    @inline(__always) func stringIndex(_ index: Int) -> Int { base + Int(indexValues[index]) }

    /// Whether HarfBuzz marks breaking before the glyph unsafe (the text must be reshaped there).
    @inline(__always) func isUnsafeToBreak(_ index: Int) -> Bool { flagValues[index] & 1 != 0 }

    mutating func setAdvance(_ index: Int, _ advance: CGFloat) { advanceValues[index] = Float(advance) }

    mutating func append(glyph: Glyph, advance: CGFloat, offset: CGPoint, stringIndex: Int, unsafeToBreak: Bool) {
        if !offsetValues.isEmpty || offset != .zero {
            if offsetValues.count < glyphs.count {  // the first offset: every glyph before it had none
                offsetValues.reserveCapacity(glyphs.capacity)
                offsetValues.append(contentsOf: repeatElement(.zero, count: glyphs.count))
            }
            offsetValues.append(SIMD2(Float(offset.x), Float(offset.y)))
        }
        glyphs.append(glyph)
        advanceValues.append(Float(advance))
        indexValues.append(Int32(clamping: stringIndex - base))
        flagValues.append(unsafeToBreak ? 1 : 0)
    }

    /// Appends glyph `index` of `other`, optionally with another string index (a truncation token's cut point),
    /// advance (a tab's) or no unsafe-to-break flag.
    mutating func append(_ other: GlyphArrays, _ index: Int, stringIndex: Int? = nil, advance: CGFloat? = nil,
                         keepsFlags: Bool = true) {
        append(glyph: other.glyphs[index], advance: advance ?? other.advance(index), offset: other.offset(index),
               stringIndex: stringIndex ?? other.stringIndex(index), unsafeToBreak: keepsFlags && other.isUnsafeToBreak(index))
    }

    mutating func reserve(_ count: Int) {
        glyphs.reserveCapacity(count)
        advanceValues.reserveCapacity(count)
        indexValues.reserveCapacity(count)
        flagValues.reserveCapacity(count)
    }

    /// Gives back spare capacity (a paragraph's arrays are reserved for more glyphs than its text usually needs).
    mutating func shrinkToFit() {
        guard glyphs.capacity > glyphs.count + 16 else { return }
        glyphs = Array(glyphs)
        advanceValues = Array(advanceValues)
        offsetValues = Array(offsetValues)
        indexValues = Array(indexValues)
        flagValues = Array(flagValues)
    }
}
