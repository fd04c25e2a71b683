import Foundation

/// Flat per-glyph storage, no per-glyph objects: one 8-byte record a glyph — its 2-byte id, 4-byte advance and
/// 2-byte string index (15 bits relative to `base`, the top bit HarfBuzz's unsafe-to-break flag) — so appending a
/// glyph grows one array. Paragraphs of 32,768 units or more keep their indices in a second array of 4-byte values
/// (31 bits and the flag). Offsets are stored only once a glyph has one (most text has none), and once the arrays
/// are complete (`shrinkToFit`) only for the glyphs that have one when those are few (Arabic marks and cursive
/// joins: one glyph in a hundred in Noto Naskh). Values are read and written as `CGFloat` and absolute `Int` offsets.
struct GlyphArrays: Sendable {
    fileprivate struct Record {
        var glyph: Glyph
        /// String index minus `base` in the low 15 bits, the unsafe-to-break flag in the top bit (unused once wide).
        var index: UInt16
        var advance: Float
    }

    private var records: [Record] = []
    /// Empty while every offset is zero; otherwise one per glyph, or one per glyph of `sparseOffsetGlyphs`.
    private var offsetValues: [SIMD2<Float>] = []
    /// When not empty, the glyphs whose offsets `offsetValues` holds (ascending; every other glyph's is zero).
    private var sparseOffsetGlyphs: [UInt32] = []
    /// String indices minus `base` in 31 bits and the flag in the top bit, once an index needs more than 15 bits
    /// (else empty).
    private var wideIndexValues: [UInt32] = []
    private var isWide = false
    /// Whether every string index is at least the one before (text without right-to-left runs): then any range is
    /// in string order without looking.
    private(set) var ascends = true
    private var lastRelative: UInt32 = 0
    /// The UTF-16 offset string indices are stored relative to (a paragraph's or a line's start): a paragraph
    /// holds at most `Int32.max` units (`TypesetterOptions.maximumUnboundedParagraphLength`).
    let base: Int

    init(base: Int = 0) { self.base = base }

    var count: Int { records.count }

    /// The glyph id.
    @inline(__always) func glyph(_ index: Int) -> Glyph { records[index].glyph }

    /// Horizontal advance in points (kern and tracking included).
    @inline(__always) func advance(_ index: Int) -> CGFloat { CGFloat(records[index].advance) }

    /// Offset from the pen position in points (mark attachment, cursive connection); y up.
    @inline(__always) func offset(_ index: Int) -> CGPoint {
        guard !offsetValues.isEmpty else { return .zero }
        let value: SIMD2<Float>
        if sparseOffsetGlyphs.isEmpty {
            value = offsetValues[index]
        } else {
            let found = sparseOffsetGlyphs.partitioningIndex { Int($0) >= index }
            guard found < sparseOffsetGlyphs.count, Int(sparseOffsetGlyphs[found]) == index else { return .zero }
            value = offsetValues[found]
        }
        return CGPoint(x: CGFloat(value.x), y: CGFloat(value.y))
    }

    /// Stores offsets one a glyph again (before changing them or appending).
    @inline(__always)
    private mutating func makeOffsetsDense() {
        if !sparseOffsetGlyphs.isEmpty { densifyOffsets() }
    }

    private mutating func densifyOffsets() {
        var dense = [SIMD2<Float>](repeating: .zero, count: records.count)
        for (glyph, value) in zip(sparseOffsetGlyphs, offsetValues) { dense[Int(glyph)] = value }
        offsetValues = dense
        sparseOffsetGlyphs = []
    }

    /// UTF-16 index of the glyph's cluster.
    @inline(__always) func stringIndex(_ index: Int) -> Int {
        isWide ? base + Int(wideIndexValues[index] & 0x7FFF_FFFF) : base + Int(records[index].index & 0x7FFF)
    }

    /// Whether HarfBuzz marks breaking before the glyph unsafe (the text must be reshaped there).
    @inline(__always) func isUnsafeToBreak(_ index: Int) -> Bool {
        isWide ? wideIndexValues[index] & 0x8000_0000 != 0 : records[index].index & 0x8000 != 0
    }

    /// Whether every advance is zero or at least 2⁻¹⁰ in magnitude (a `Float` that large is a whole multiple of 2⁻³³)
    /// and the magnitudes add up to less than `limit` (at most 2²⁰): then every sum of advances, in any grouping and
    /// order, is a multiple of 2⁻³³ below 2²⁰, exact in a `Double` (`OpportunityWidths.sumsAreExact`). NaN and
    /// infinite advances answer false.
    func advancesAddExactly(below limit: Double) -> Bool {
        // (Without branches, on the bits: a magnitude of 2⁻¹⁰ or more has an exponent field of 117 or more.)
        var coarse = true
        var total: Double = 0
        records.withUnsafeBufferPointer { records in
            for record in records {
                let bits = record.advance.bitPattern & 0x7FFF_FFFF
                coarse = coarse && (bits == 0 || bits >= Float(0x1p-10).bitPattern)
                total += Double(Float(bitPattern: bits))
            }
        }
        return coarse && total < limit
    }

    /// The sum of the advances of a range of glyphs.
    func advanceSum(_ range: Range<Int>) -> CGFloat {
        var total: CGFloat = 0
        for index in range { total += CGFloat(records[index].advance) }
        return total
    }

    /// The first glyph of `range` whose string index is at least `unit` (string indices ascending over the range):
    /// glyphs in string order sit about where their units do (one glyph a unit, shifted by ligatures and marks), so a
    /// few steps from there usually find it. Far into a long run those shifts add up (a hundred thousand characters
    /// of prose are a few hundred glyphs off): then from where the units' share of the range puts it, steps out
    /// twice as far each time until the glyph is bracketed, and a binary search between.
    func firstGlyph(atOrAfter unit: Int, in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return range.lowerBound }
        var glyph = min(max(unit - base, range.lowerBound), range.upperBound - 1)
        for _ in 0..<8 {
            if stringIndex(glyph) < unit {
                glyph += 1
                if glyph == range.upperBound { return glyph }
            } else if glyph > range.lowerBound, stringIndex(glyph - 1) >= unit {
                glyph -= 1
            } else {
                return glyph
            }
        }
        let first = stringIndex(range.lowerBound), last = stringIndex(range.upperBound - 1)
        if unit <= first { return range.lowerBound }
        if unit > last { return range.upperBound }
        // The answer lies in (low, high]: the glyph at `low` comes before `unit` (the range's first does), the one at
        // `high` does not (the last does not).
        let share = Double(unit - first) / Double(last - first)
        let guess = min(max(range.lowerBound + Int(share * Double(range.count - 1)), range.lowerBound), range.upperBound - 1)
        var low: Int, high: Int
        var step = 1
        if stringIndex(guess) >= unit {
            high = guess
            low = max(guess - 1, range.lowerBound)
            while low > range.lowerBound, stringIndex(low) >= unit {
                high = low
                step <<= 1
                low = max(low - step, range.lowerBound)
            }
        } else {
            low = guess
            high = guess + 1
            while high < range.upperBound - 1, stringIndex(high) < unit {
                low = high
                step <<= 1
                high = min(high + step, range.upperBound - 1)
            }
        }
        return ((low + 1)..<(high + 1)).partitioningIndex { stringIndex($0) >= unit }
    }

    /// Whether string indices ascend over a range (descend, for right-to-left glyphs stored left to right).
    func isMonotonic(_ range: Range<Int>, rightToLeft: Bool) -> Bool {
        if ascends, !rightToLeft { return true }
        var previous: Int? = nil
        for glyph in range {
            let index = stringIndex(glyph)
            if let previous, rightToLeft ? index > previous : index < previous { return false }
            previous = index
        }
        return true
    }

    mutating func setAdvance(_ index: Int, _ advance: CGFloat) { records[index].advance = Float(advance) }

    /// Sets glyph `index`'s offset from its pen position.
    mutating func setOffset(_ index: Int, _ offset: CGPoint) {
        makeOffsetsDense()
        if offsetValues.isEmpty {
            guard offset != .zero else { return }
            offsetValues = [SIMD2<Float>](repeating: .zero, count: records.count)
        }
        offsetValues[index] = SIMD2(Float(offset.x), Float(offset.y))
    }

    /// Marks breaking before glyph `index` safe (its neighbours' spacing is the layout's own, not the font's).
    mutating func clearUnsafeToBreak(_ index: Int) {
        if isWide { wideIndexValues[index] &= 0x7FFF_FFFF } else { records[index].index &= 0x7FFF }
    }

    /// Replaces glyph `index`'s glyph ID (glyph substitution after shaping).
    mutating func setGlyph(_ index: Int, _ glyph: Glyph) { records[index].glyph = glyph }

    /// Scales the x offsets of the glyphs in `range` by `factor` (a horizontally scaled font moves its marks too).
    mutating func scaleOffsetsX(_ range: Range<Int>, by factor: CGFloat) {
        guard !offsetValues.isEmpty else { return }
        makeOffsetsDense()
        for index in range where index < offsetValues.count { offsetValues[index].x *= Float(factor) }
    }

    /// Sets the advances of the glyphs from `start` on and gives their sum as stored.
    mutating func setAdvances(from start: Int, _ advances: ArraySlice<CGFloat>) -> CGFloat {
        var total: CGFloat = 0
        records.withUnsafeMutableBufferPointer { records in
            for (offset, advance) in advances.enumerated() {
                records[start + offset].advance = Float(advance)
                total += CGFloat(records[start + offset].advance)
            }
        }
        return total
    }

    mutating func append(glyph: Glyph, advance: CGFloat, offset: CGPoint, stringIndex: Int, unsafeToBreak: Bool) {
        if !offsetValues.isEmpty || offset != .zero {
            makeOffsetsDense()
            if offsetValues.count < records.count {  // the first offset: every glyph before it had none
                offsetValues.reserveCapacity(records.capacity)
                offsetValues.append(contentsOf: repeatElement(.zero, count: records.count))
            }
            offsetValues.append(SIMD2(Float(offset.x), Float(offset.y)))
        }
        _internalInvariant(stringIndex >= base && stringIndex - base <= Int(Int32.max),
                           "string index \(stringIndex) outside the 31 bits from base \(base)")
        let relative = UInt32(min(max(stringIndex - base, 0), Int(Int32.max)))
        if relative < lastRelative { ascends = false }
        lastRelative = relative
        if !isWide, relative > 0x7FFF { widen() }
        if isWide {
            wideIndexValues.append(unsafeToBreak ? relative | 0x8000_0000 : relative)
            records.append(Record(glyph: glyph, index: 0, advance: Float(advance)))
        } else {
            records.append(Record(glyph: glyph, index: UInt16(relative) | (unsafeToBreak ? 0x8000 : 0), advance: Float(advance)))
        }
    }

    /// `append(glyph:advance:offset:stringIndex:unsafeToBreak:)` for a glyph with no offset, given as stored
    /// (words from the word cache: most glyphs appended).
    @inline(__always)
    mutating func appendUnpositioned(glyph: Glyph, advance: Float, stringIndex: Int, unsafeToBreak: Bool) {
        let relative = stringIndex - base
        guard !isWide, offsetValues.isEmpty, relative >= 0, relative <= 0x7FFF else {
            append(glyph: glyph, advance: CGFloat(advance), offset: .zero, stringIndex: stringIndex, unsafeToBreak: unsafeToBreak)
            return
        }
        if UInt32(relative) < lastRelative { ascends = false }
        lastRelative = UInt32(relative)
        records.append(Record(glyph: glyph, index: UInt16(relative) | (unsafeToBreak ? 0x8000 : 0), advance: advance))
    }

    /// Writes unpositioned glyphs into storage that becomes the records (`appendUnpositioned(capacity:indices:_:)`): no
    /// check of the index's width or of offsets a glyph.
    struct UnpositionedWriter {
        fileprivate let records: UnsafeMutablePointer<Record>
        fileprivate let base: Int
        fileprivate let indices: Range<Int>
        fileprivate let capacity: Int
        /// How many glyphs were written.
        fileprivate(set) var count = 0
        /// The string index of the last glyph written (less `base`), and whether the indices ascend.
        fileprivate var last = 0
        fileprivate var ascends = true

        /// Writes the next glyph, for the unit at `stringIndex` (among the writer's indices).
        @inline(__always)
        mutating func append(glyph: Glyph, advance: Float, stringIndex: Int, unsafeToBreak: Bool) {
            if count > 0, stringIndex - base < last { ascends = false }
            appendAscending(glyph: glyph, advance: advance, stringIndex: stringIndex, unsafeToBreak: unsafeToBreak)
        }

        /// `append` for a glyph whose string index is at least the last one's (characters in string order: nothing to
        /// compare).
        @inline(__always)
        mutating func appendAscending(glyph: Glyph, advance: Float, stringIndex: Int, unsafeToBreak: Bool) {
            precondition(count < capacity, "more glyphs than the writer has room for")
            _internalInvariant(indices.contains(stringIndex), "unit \(stringIndex) outside the writer's \(indices)")
            _internalInvariant(count == 0 || stringIndex - base >= last || !ascends, "unit \(stringIndex) said to ascend does not")
            let relative = stringIndex - base
            records[count] = Record(glyph: glyph, index: UInt16(truncatingIfNeeded: relative) | (unsafeToBreak ? 0x8000 : 0), advance: advance)
            last = relative
            count += 1
        }
    }

    /// Appends the unpositioned glyphs `body` writes, up to `capacity`, whose string indices lie in `indices` (at most
    /// 32,768 units; Chinese and Japanese characters from `CharacterGlyphs`, cached words): written to temporary storage
    /// (on the stack up to `unpositionedWriterLimit`) and appended at once — one uniqueness and capacity check and one
    /// copy for them all — where the records can take them so; else (indices wide or past 15 bits, offsets kept)
    /// appended one by one from there.
    @inline(__always)
    mutating func appendUnpositioned(capacity: Int, indices: Range<Int>, _ body: (inout UnpositionedWriter) -> Void) {
        precondition(indices.count <= 0x8000, "a writer's indices span at most 32,768 units")
        guard capacity > 0 else { return }
        let direct = !isWide && offsetValues.isEmpty && indices.lowerBound >= base && indices.upperBound - base <= 0x8000
        // (The records' indices are relative to `base` where they go straight in, else to the writer's first index.)
        let origin = direct ? base : indices.lowerBound
        withUnsafeTemporaryAllocation(of: Record.self, capacity: capacity) { buffer in
            var writer = UnpositionedWriter(records: buffer.baseAddress!, base: origin, indices: indices, capacity: capacity)
            body(&writer)
            let written = UnsafeBufferPointer(rebasing: buffer[0..<writer.count])
            guard direct else {
                for record in written {
                    append(glyph: record.glyph, advance: CGFloat(record.advance), offset: .zero, stringIndex: origin + Int(record.index & 0x7FFF),
                           unsafeToBreak: record.index & 0x8000 != 0)
                }
                return
            }
            records.append(contentsOf: written)
            if let first = written.first {
                if UInt32(first.index & 0x7FFF) < lastRelative || !writer.ascends { ascends = false }
                lastRelative = UInt32(writer.last)
            }
        }
    }

    /// The most glyphs an `UnpositionedWriter` keeps on the stack: 1,024 bytes (beyond it, `withUnsafeTemporaryAllocation`
    /// goes to the heap), so the character shaper writes that many at a time.
    static let unpositionedWriterLimit = 128

    /// The string indices and advances read in place, for a loop over many glyphs (`OpportunityWidths`): no check of
    /// the index's width or the array's bounds a glyph. Valid only inside `withNarrowReader`.
    struct NarrowReader {
        fileprivate let records: UnsafePointer<Record>
        let count: Int

        /// The glyph's string index minus `base`.
        @inline(__always) func relativeIndex(_ glyph: Int) -> Int { Int(records[glyph].index & 0x7FFF) }
        @inline(__always) func advance(_ glyph: Int) -> Float { records[glyph].advance }
    }

    /// Calls `body` with a reader of the records in place, when there are some and their string indices are kept in
    /// the records' 15 bits (else nil, and `body` is not called).
    @inline(__always)
    func withNarrowReader<Result>(_ body: (NarrowReader) -> Result) -> Result? {
        guard !isWide else { return nil }
        return records.withUnsafeBufferPointer { records in records.baseAddress.map { body(NarrowReader(records: $0, count: records.count)) } }
    }

    /// Drops the glyphs from `count` on (a stretch to be shaped again). `ascends` stays as it was: at worst false
    /// where the glyphs left would allow true.
    mutating func removeGlyphs(from count: Int) {
        guard count < records.count else { return }
        makeOffsetsDense()
        records.removeSubrange(count...)
        if offsetValues.count > count { offsetValues.removeSubrange(count...) }
        if isWide { wideIndexValues.removeSubrange(count...) }
        lastRelative = count == 0 ? 0 : isWide ? wideIndexValues[count - 1] & 0x7FFF_FFFF : UInt32(records[count - 1].index & 0x7FFF)
    }

    /// Moves the string indices to 31 bits.
    private mutating func widen() {
        wideIndexValues.reserveCapacity(records.capacity)
        for record in records {
            wideIndexValues.append(UInt32(record.index & 0x7FFF) | (record.index & 0x8000 != 0 ? 0x8000_0000 : 0))
        }
        isWide = true
    }

    /// Appends glyph `index` of `other`, optionally with another string index (a truncation token's cut point),
    /// advance (a tab's) or no unsafe-to-break flag.
    mutating func append(_ other: GlyphArrays, _ index: Int, stringIndex: Int? = nil, advance: CGFloat? = nil,
                         keepsFlags: Bool = true) {
        append(glyph: other.glyph(index), advance: advance ?? other.advance(index), offset: other.offset(index),
               stringIndex: stringIndex ?? other.stringIndex(index), unsafeToBreak: keepsFlags && other.isUnsafeToBreak(index))
    }

    /// Appends glyphs `range` of `other` as they are.
    mutating func append(contentsOf other: GlyphArrays, _ range: Range<Int>) { append(contentsOf: other, range, shiftedBy: 0) }

    /// Appends glyphs `range` of `other` with their string indices moved by `shift` (an edit before them changed
    /// the text's length): copied wholesale, array by array, with the indices adjusted in place, when both keep
    /// indices from the same base and the moved ones fit (widening these to 31 bits if they need it); else one by one.
    mutating func append(contentsOf other: GlyphArrays, _ range: Range<Int>, shiftedBy shift: Int) {
        guard !range.isEmpty else { return }
        // The smallest and largest index of the range (any order: right to left).
        var smallest = Int.max, largest = Int.min
        if other.isWide {
            other.wideIndexValues.withUnsafeBufferPointer { values in
                for index in range {
                    let relative = Int(values[index] & 0x7FFF_FFFF)
                    smallest = min(smallest, relative)
                    largest = max(largest, relative)
                }
            }
        } else {
            other.records.withUnsafeBufferPointer { records in
                for index in range {
                    let relative = Int(records[index].index & 0x7FFF)
                    smallest = min(smallest, relative)
                    largest = max(largest, relative)
                }
            }
        }
        guard other.base == base, smallest + shift >= 0, largest + shift <= Int(Int32.max) else {
            for index in range { append(other, index, stringIndex: other.stringIndex(index) + shift) }
            return
        }
        if !isWide, other.isWide || largest + shift > 0x7FFF { widen() }
        if !other.offsetValues.isEmpty || !offsetValues.isEmpty {
            makeOffsetsDense()
            if offsetValues.count < records.count {  // the first offsets: every glyph before them had none
                offsetValues.reserveCapacity(records.capacity)
                offsetValues.append(contentsOf: repeatElement(.zero, count: records.count))
            }
            if other.offsetValues.isEmpty {
                offsetValues.append(contentsOf: repeatElement(.zero, count: range.count))
            } else if other.sparseOffsetGlyphs.isEmpty {
                offsetValues.append(contentsOf: other.offsetValues[range])
            } else {
                let start = offsetValues.count
                offsetValues.append(contentsOf: repeatElement(.zero, count: range.count))
                var found = other.sparseOffsetGlyphs.partitioningIndex { Int($0) >= range.lowerBound }
                while found < other.sparseOffsetGlyphs.count, Int(other.sparseOffsetGlyphs[found]) < range.upperBound {
                    offsetValues[start + Int(other.sparseOffsetGlyphs[found]) - range.lowerBound] = other.offsetValues[found]
                    found += 1
                }
            }
        }
        let first = UInt32(other.stringIndex(range.lowerBound) - base + shift)
        if first < lastRelative || !other.isMonotonic(range, rightToLeft: false) { ascends = false }
        let start = records.count
        records.append(contentsOf: other.records[range])
        if isWide {
            let delta = Int32(shift)
            if other.isWide {
                let wideStart = wideIndexValues.count
                wideIndexValues.append(contentsOf: other.wideIndexValues[range])
                if delta != 0 {
                    wideIndexValues.withUnsafeMutableBufferPointer { values in
                        for index in wideStart..<values.count {
                            let packed = values[index]
                            values[index] = UInt32(Int32(packed & 0x7FFF_FFFF) &+ delta) | (packed & 0x8000_0000)
                        }
                    }
                }
            } else {
                for record in other.records[range] {
                    let relative = UInt32(Int32(record.index & 0x7FFF) &+ delta)
                    wideIndexValues.append(relative | (record.index & 0x8000 != 0 ? 0x8000_0000 : 0))
                }
            }
            lastRelative = wideIndexValues[wideIndexValues.count - 1] & 0x7FFF_FFFF
        } else {
            if shift != 0 {
                let delta = Int16(shift)
                records.withUnsafeMutableBufferPointer { records in
                    for index in start..<records.count {
                        let packed = records[index].index
                        records[index].index = UInt16(Int16(packed & 0x7FFF) &+ delta) | (packed & 0x8000)
                    }
                }
            }
            lastRelative = UInt32(records[records.count - 1].index & 0x7FFF)
        }
    }

    mutating func reserve(_ count: Int) {
        records.reserveCapacity(count)
        if isWide { wideIndexValues.reserveCapacity(count) }
    }

    /// Gives back spare capacity (a paragraph's arrays are reserved for more glyphs than its text usually needs),
    /// and keeps offsets only for the glyphs that have one when fewer than a quarter do (12 bytes each instead of 8
    /// bytes a glyph; reading one then takes a binary search, which only drawing and positions ask for).
    /// `keepingSpare`: spare room kept besides the usual 16 glyphs (an edited paragraph's arrays, reserved to about the
    /// size they end at, whose large allocations round up to whole pages: no copy at every keystroke).
    mutating func shrinkToFit(keepingSpare spare: Int = 0) {
        if !offsetValues.isEmpty, sparseOffsetGlyphs.isEmpty {
            var nonzero: [UInt32] = []
            offsetValues.withUnsafeBufferPointer { values in
                for index in 0..<values.count where values[index] != .zero { nonzero.append(UInt32(index)) }
            }
            if nonzero.isEmpty {
                offsetValues = []
            } else if nonzero.count * 4 < offsetValues.count {
                offsetValues = nonzero.map { offsetValues[Int($0)] }
                sparseOffsetGlyphs = nonzero
            }
        }
        guard records.capacity > records.count + 16 + spare else { return }
        // Copies through buffers: `Array(array)` would keep the same, oversized storage.
        func trimmed<Element>(_ array: [Element]) -> [Element] { array.withUnsafeBufferPointer { Array($0) } }
        records = trimmed(records)
        offsetValues = trimmed(offsetValues)
        wideIndexValues = trimmed(wideIndexValues)
    }

    /// Checks the packing (`InternalChecks`): the index array matches the records while wide and is empty
    /// otherwise; offsets are absent, one a glyph, or one for each of the ascending sparse glyphs; `ascends` only
    /// when the string indices do ascend; the last index is the one new glyphs are compared with.
    func _checkInvariants() {
        #if GALLEY_INTERNAL_CHECKS
        precondition(isWide ? wideIndexValues.count == records.count : wideIndexValues.isEmpty,
                     "\(wideIndexValues.count) wide indices for \(records.count) glyphs (wide: \(isWide))")
        precondition(offsetValues.isEmpty || offsetValues.count == (sparseOffsetGlyphs.isEmpty ? records.count : sparseOffsetGlyphs.count),
                     "\(offsetValues.count) offsets for \(records.count) glyphs, \(sparseOffsetGlyphs.count) sparse")
        precondition(zip(sparseOffsetGlyphs, sparseOffsetGlyphs.dropFirst()).allSatisfy { $0 < $1 }
                     && sparseOffsetGlyphs.allSatisfy { Int($0) < records.count }, "sparse offsets out of order")
        var previous = 0
        for index in 0..<records.count {
            let relative = stringIndex(index) - base
            precondition(relative >= 0, "glyph \(index): string index before the base")
            precondition(!ascends || index == 0 || relative >= previous, "glyph \(index): indices said to ascend do not")
            previous = relative
        }
        precondition(records.isEmpty || UInt32(previous) == lastRelative, "last index \(previous), remembered \(lastRelative)")
        #endif
    }
}

