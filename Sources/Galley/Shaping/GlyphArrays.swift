import Foundation

/// Flat per-glyph storage in compact parallel arrays, no per-glyph objects: 2-byte glyph ids, 4-byte advances,
/// 4-byte string indices (31 bits relative to `base`, the top bit HarfBuzz's unsafe-to-break flag), and offsets only
/// once a glyph has one (most text has none). 10 bytes a glyph; values are read and written as `CGFloat` and absolute
/// `Int` offsets.
struct GlyphArrays: Sendable {
    private(set) var glyphs: [Glyph] = []
    private var advanceValues: [Float] = []
    /// Empty while every offset is zero; otherwise one per glyph.
    private var offsetValues: [SIMD2<Float>] = []
    /// String indices minus `base` in the low 31 bits; the top bit set when breaking before the glyph needs
    /// reshaping (HarfBuzz's unsafe-to-break flag).
    private var indexValues: [UInt32] = []
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
    @inline(__always) func stringIndex(_ index: Int) -> Int { base + Int(indexValues[index] & 0x7FFF_FFFF) }

    /// Whether HarfBuzz marks breaking before the glyph unsafe (the text must be reshaped there).
    @inline(__always) func isUnsafeToBreak(_ index: Int) -> Bool { indexValues[index] & 0x8000_0000 != 0 }

    /// The sum of the advances of a range of glyphs.
    func advanceSum(_ range: Range<Int>) -> CGFloat {
        var total: CGFloat = 0
        for index in range { total += CGFloat(advanceValues[index]) }
        return total
    }

    /// Whether string indices ascend over a range (descend, for right-to-left glyphs stored left to right).
    func isMonotonic(_ range: Range<Int>, rightToLeft: Bool) -> Bool {
        var previous: Int? = nil
        for glyph in range {
            let index = stringIndex(glyph)
            if let previous, rightToLeft ? index > previous : index < previous { return false }
            previous = index
        }
        return true
    }

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
        let relative = UInt32(min(max(stringIndex - base, 0), Int(Int32.max)))
        indexValues.append(unsafeToBreak ? relative | 0x8000_0000 : relative)
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
    }

    /// Gives back spare capacity (a paragraph's arrays are reserved for more glyphs than its text usually needs).
    mutating func shrinkToFit() {
        guard glyphs.capacity > glyphs.count + 16 else { return }
        // Copies through buffers: `Array(array)` would keep the same, oversized storage.
        func trimmed<Element>(_ array: [Element]) -> [Element] { array.withUnsafeBufferPointer { Array($0) } }
        glyphs = trimmed(glyphs)
        advanceValues = trimmed(advanceValues)
        offsetValues = trimmed(offsetValues)
        indexValues = trimmed(indexValues)
    }
}
