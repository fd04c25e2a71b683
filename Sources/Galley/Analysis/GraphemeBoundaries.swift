internal import CUnicode

/// Extended grapheme cluster boundaries (UAX #29, by ICU) of a text: the places a caret may stop and that
/// fallback and hit testing never split.
package enum GraphemeBoundaries {
    /// Every boundary in UTF-16 offsets, 0 and `units.count` included (just [0] for empty text).
    package static func compute(_ units: [UInt16]) -> BoundaryOffsets { compute(units[...]) }

    /// Every boundary of a part of a text, as offsets in the whole text (the slice's own indices), both ends
    /// included.
    package static func compute(_ units: ArraySlice<UInt16>) -> BoundaryOffsets { computeNotingAlone(units).boundaries }

    /// `compute`, and the offset of the first unit that is not alone (`isAlone`; the slice's end when every unit is):
    /// every unit before it is a cluster of its own whatever surrounds it, which the character-by-character shaper
    /// asks of each item (found here anyway, once for the paragraph).
    static func computeNotingAlone(_ units: ArraySlice<UInt16>) -> (boundaries: BoundaryOffsets, firstNotAlone: Int) {
        let start = units.startIndex
        guard !units.isEmpty else { return (BoundaryOffsets(everyUnitOf: start..<start), start) }
        // Text of characters that never join a neighbour (Latin-1, controls but CR, general punctuation such as
        // curly quotes and dashes): every unit is its own cluster, no ICU needed. Marks, joiners, surrogates,
        // Hangul and CR all start at or beyond U+0300 or are CR, so they take the ICU path.
        let firstJoining = units.withUnsafeBufferPointer { firstNotAlone($0, from: 0) } + start
        if firstJoining == units.endIndex { return (BoundaryOffsets(everyUnitOf: start..<units.endIndex), firstJoining) }
        return (windowed(units, firstJoining: firstJoining), firstJoining)
    }

    /// `compute` for text with a unit that is not alone at `firstJoining`: ICU in windows around such units.
    private static func windowed(_ units: ArraySlice<UInt16>, firstJoining: Int) -> BoundaryOffsets {
        let start = units.startIndex
        // ICU only in windows around the units that are not alone, each with the unit before it (a mark joins it)
        // and the one after; between windows every unit is a boundary (UAX #29 breaks between any two units that
        // are alone). Latin text with a few marks or emoji costs a few small ICU calls, not one over all of it.
        let end = units.endIndex
        // At most one offset a unit and the start: written in place.
        let offsets = [Int32](uninitializedCapacity: units.count + 1) { buffer, count in
            buffer[0] = 0
            count = 1
            /// Every unit from `done` to `last` a boundary.
            func appendEveryUnit(after done: Int, through last: Int) {
                var offset = done + 1
                while offset <= last {
                    buffer[count] = Int32(offset - start)
                    count += 1
                    offset += 1
                }
            }
            var done = start
            var scratch: [Int32] = []
            var index = firstJoining
            while index < end {
                // (Runs of units that are alone skipped four at a time.)
                index = units.withUnsafeBufferPointer { firstNotAlone($0, from: index - start) } + start
                guard index < end else { break }
                let windowStart = max(index - 1, done)
                var windowEnd = index
                repeat {
                    while windowEnd < end, !isAlone(units[windowEnd]) { windowEnd += 1 }
                    windowEnd = min(windowEnd + 1, end)
                } while windowEnd < end && !isAlone(units[windowEnd])
                appendEveryUnit(after: done, through: windowStart)
                let window = units[windowStart..<windowEnd]
                // (One scratch buffer for every window, grown as needed.)
                if scratch.count < window.count + 1 { scratch = [Int32](repeating: 0, count: max(window.count + 1, 64)) }
                let found = window.withUnsafeBufferPointer { text in
                    scratch.withUnsafeMutableBufferPointer {
                        galley_grapheme_boundaries(text.baseAddress, Int32(text.count), $0.baseAddress, Int32($0.count))
                    }
                }
                if found >= 2 {
                    for offset in scratch[1..<Int(found)] {
                        buffer[count] = Int32(windowStart - start) + offset
                        count += 1
                    }
                } else {
                    appendEveryUnit(after: windowStart, through: windowEnd)
                }
                done = windowEnd
                index = windowEnd
            }
            appendEveryUnit(after: done, through: end)
        }
        guard offsets.count < units.count + 1 else { return BoundaryOffsets(everyUnitOf: start..<units.endIndex) }
        return BoundaryOffsets(base: start, offsets: offsets)
    }

    /// The first offset from `index` on whose unit is not alone (`isAlone`), or the count, four units at a time
    /// (`UnitLanes`): a word whose lanes are all below U+0300 and none a CR or a soft hyphen — `isAlone`'s first rule,
    /// which covers Latin text — is alone; any other has its units asked by `isAlone` (GraphemeBoundariesTests puts
    /// each edge unit at every place of a word against ICU).
    static func firstNotAlone(_ units: UnsafeBufferPointer<UInt16>, from index: Int) -> Int {
        UnitLanes.firstIndex(in: units, from: index, mayMatch: { word in
            (UnitLanes.hasLane(word, atLeast: 0x300) && !UnitLanes.allIdeographs(word)) || UnitLanes.hasLane(word, equalTo: 0x0D)
                || UnitLanes.hasLane(word, equalTo: 0xAD)
        }, where: { !isAlone($0) })
    }

    /// A unit that is a grapheme cluster on its own whatever surrounds it. Controls are (UAX #29 GB4, GB5: a break
    /// before and after every control) except CR, which joins a following LF. So are Hebrew and Arabic letters and
    /// the characters of Chinese, Japanese and Korean text (Grapheme_Cluster_Break Other, or a whole Hangul syllable,
    /// and none of them Extended_Pictographic): ideographs, kana, CJK punctuation, fullwidth forms, Hangul syllables —
    /// the marks, variation selectors and jamo that join them are not alone, so ICU still decides around those.
    @inline(__always)
    package static func isAlone(_ unit: UInt16) -> Bool {
        if unit < 0x300 { return unit != 0x0D && unit != 0xAD }
        if unit < 0x3000 {
            return (unit >= 0x2010 && unit <= 0x2027) || (unit >= 0x2030 && unit <= 0x205E)
                // Hebrew and Arabic letters, Arabic digits and punctuation (their marks, U+0670, and Arabic's
                // prepended number signs U+0600…0605 and U+06DD are not alone).
                || (unit >= 0x05D0 && unit <= 0x05EA) || (unit >= 0x060B && unit <= 0x060F) || unit == 0x061B
                || (unit >= 0x061D && unit <= 0x064A) || (unit >= 0x0660 && unit <= 0x066F) || (unit >= 0x0671 && unit <= 0x06D5)
                || unit == 0x06DE || unit == 0x06E5 || unit == 0x06E6 || unit == 0x06E9 || (unit >= 0x06EE && unit <= 0x06FF)
        }
        // (Ideographs, most of CJK text, first.)
        if unit >= 0x4E00 { return unit <= 0x9FFF || (unit >= 0xAC00 && unit <= 0xD7A3) || (unit >= 0xFF01 && unit <= 0xFF9D) }
        return unit <= 0x3029  // ideographic space, CJK punctuation and brackets (0x302A… are marks, 0x3030 a pictograph)
            || (unit >= 0x3041 && unit <= 0x3096) || (unit >= 0x30A1 && unit <= 0x30FA) || (unit >= 0x30FC && unit <= 0x30FF)
            || (unit >= 0x3400 && unit <= 0x4DBF)
    }
}

/// Ascending UTF-16 offsets (grapheme boundaries, line-break opportunities), stored compactly: nothing when every
/// unit of a range is a boundary (most text), else in blocks of 64, each block's first offset in 4 bytes (the first
/// block's is 0, stored nowhere: a short paragraph's offsets take one array) and every offset as its distance from
/// that in 1 byte (when every block spans less than 256 units: grapheme boundaries of
/// Arabic, Indic and CJK text), 2 bytes (less than 65,536: line-break opportunities of most text) or 4.
package struct BoundaryOffsets: RandomAccessCollection, Sendable {
    private static let blockShift = 6

    private let base: Int
    /// How the offsets are kept: 0, every unit from `base` on (nothing stored); 1 or 2, that many bytes a delta in
    /// `deltas`; 4, every offset in `starts`. (Plain fields, not an enum with arrays: reading one is a compare and a
    /// load, with nothing retained.)
    private let width: Int
    package let count: Int
    /// The offsets' distances from their blocks' first offsets, one or two bytes each (two: little-endian).
    private let deltas: [UInt8]
    /// The first offset of each block after the first, minus `base`; with width 4, every offset minus `base`.
    private let starts: [Int32]

    /// Every offset of a range, both ends included.
    init(everyUnitOf range: Range<Int>) {
        base = range.lowerBound
        width = 0
        count = range.count + 1
        deltas = []
        starts = []
    }

    /// Offsets relative to `base` (ascending, at most `Int32.max` past it).
    init(base: Int, offsets: [Int32]) {
        self = offsets.withUnsafeBufferPointer { BoundaryOffsets(base: base, offsets: $0) }
    }

    /// Offsets relative to `base` (ascending, at most `Int32.max` past it), read from a buffer.
    init(base: Int, offsets: UnsafeBufferPointer<Int32>) {
        self.base = base
        count = offsets.count
        let blockSize = 1 << Self.blockShift
        var widest: Int32 = 0
        var starts: [Int32] = []
        starts.reserveCapacity(Swift.max((offsets.count - 1) / blockSize, 0))
        for first in stride(from: 0, to: offsets.count, by: blockSize) {
            let start = first == 0 ? 0 : offsets[first]
            if first > 0 { starts.append(start) }
            widest = Swift.max(widest, offsets[Swift.min(first + blockSize, offsets.count) - 1] - start)
        }
        let width = widest <= Int32(UInt8.max) ? 1 : widest <= Int32(UInt16.max) ? 2 : 4
        self.width = width
        guard width < 4 else {
            deltas = []
            self.starts = Array(offsets)
            return
        }
        self.starts = starts
        deltas = [UInt8](uninitializedCapacity: offsets.count * width) { buffer, initialized in
            let bytes = UnsafeMutableRawBufferPointer(buffer)
            var start: Int32 = 0
            for index in 0..<offsets.count {
                if index & (blockSize - 1) == 0, index > 0 { start = offsets[index] }
                let delta = offsets[index] &- start
                if width == 1 {
                    bytes[index] = UInt8(truncatingIfNeeded: delta)
                } else {
                    bytes.storeBytes(of: UInt16(truncatingIfNeeded: delta).littleEndian, toByteOffset: 2 * index, as: UInt16.self)
                }
            }
            initialized = offsets.count * width
        }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    /// The range whose every unit is a boundary of its own, when that is what these offsets are (else nil).
    var everyUnit: Range<Int>? { width == 0 && count > 0 ? base..<(base + count - 1) : nil }

    @inline(__always)
    package subscript(position: Int) -> Int {
        if width == 0 { return base + position }
        if width == 4 { return base + Int(starts[position]) }
        let start = base + blockStart(position)
        if width == 1 { return start + Int(deltas[position]) }
        precondition(position >= 0 && position < count, "boundary index out of range")
        return deltas.withUnsafeBytes { start + Int(UInt16(littleEndian: $0.loadUnaligned(fromByteOffset: 2 * position, as: UInt16.self))) }
    }

    /// Calls `body` with each pair of neighbouring offsets in order (each grapheme cluster's start and end), read a
    /// block at a time rather than looked up one by one.
    @inline(__always)
    func forEachSpan(_ body: (_ start: Int, _ end: Int) -> Void) {
        guard count > 1 else { return }
        switch width {
        case 0:
            for offset in base..<(base + count - 1) { body(offset, offset + 1) }
        case 1:
            deltas.withUnsafeBufferPointer { deltas in
                starts.withUnsafeBufferPointer { starts in
                    var previous = base + Int(deltas[0])
                    var position = 1
                    while position < count {
                        let blockEnd = Swift.min((position | ((1 << Self.blockShift) - 1)) + 1, count)
                        let block = position >> Self.blockShift
                        let blockBase = base + (block == 0 ? 0 : Int(starts[block - 1]))
                        while position < blockEnd {
                            let offset = blockBase + Int(deltas[position])
                            body(previous, offset)
                            previous = offset
                            position += 1
                        }
                    }
                }
            }
        default:
            var previous = self[0]
            for position in 1..<count {
                let offset = self[position]
                body(previous, offset)
                previous = offset
            }
        }
    }

    /// The index of the first offset greater than `offset` (`endIndex` when none is): offsets sit about evenly, so
    /// a guess from where `offset` falls between the first and the last, and a few steps from there, usually find
    /// it without the unpredictable branches of a binary search; a binary search otherwise.
    func firstIndex(after offset: Int) -> Int {
        guard count > 0 else { return 0 }
        switch width {
        case 0: return Swift.min(Swift.max(offset - base + 1, 0), count)
        case 1:
            return deltas.withUnsafeBufferPointer { deltas in
                firstIndex(after: offset) { base + blockStart($0) + Int(deltas[$0]) }
            }
        case 2:
            return deltas.withUnsafeBytes { deltas in
                firstIndex(after: offset) {
                    base + blockStart($0) + Int(UInt16(littleEndian: deltas.loadUnaligned(fromByteOffset: 2 * $0, as: UInt16.self)))
                }
            }
        default:
            return starts.withUnsafeBufferPointer { starts in firstIndex(after: offset) { base + Int(starts[$0]) } }
        }
    }

    /// The first offset of the block holding `position`, minus `base` (narrow and medium deltas).
    @inline(__always)
    private func blockStart(_ position: Int) -> Int {
        let block = position >> Self.blockShift
        return block == 0 ? 0 : Int(starts[block - 1])
    }

    /// `firstIndex(after:)` with the offsets read by `at` (indices 0..<count), once the storage is known.
    @inline(__always)
    private func firstIndex(after offset: Int, _ at: (Int) -> Int) -> Int {
        guard offset >= at(0) else { return 0 }
        let first = at(0), last = at(count - 1)
        guard offset < last else { return count }
        var index = (offset - first) * (count - 1) / (last - first)  // first ≤ offset < last
        for _ in 0..<8 {
            if at(index) <= offset {
                index += 1
            } else if index > 0, at(index - 1) > offset {
                index -= 1
            } else {
                return index
            }
        }
        return (0..<count).partitioningIndex { at($0) > offset }
    }
}
