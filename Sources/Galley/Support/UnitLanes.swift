/// Scans of UTF-16 text four units at a time, as the lanes of one 64-bit word: a cheap test on the word rules most
/// words out, and only the units of a word it lets through are asked one by one. Every edit of a paragraph scans
/// its whole text several times (paragraph separators, grapheme clusters, right-to-left characters), so these run
/// at a few instructions a word instead of a few a unit.
enum UnitLanes {
    /// A word with every lane `unit`.
    @inline(__always)
    static func repeated(_ unit: UInt16) -> UInt64 { 0x0001_0001_0001_0001 &* UInt64(unit) }

    /// Whether some lane of `word` is zero. Exact for the word as a whole: a borrow only reaches lanes above a zero
    /// one.
    @inline(__always)
    static func hasZeroLane(_ word: UInt64) -> Bool { zeroLanes(word) != 0 }

    /// The zero lanes of `word`, as their top bits: exact up to the first zero lane; a lane above it may show
    /// falsely (the borrow), a zero lane never hides.
    @inline(__always)
    static func zeroLanes(_ word: UInt64) -> UInt64 { (word &- repeated(1)) & ~word & repeated(0x8000) }

    /// Whether some lane of `word` equals `unit`.
    @inline(__always)
    static func hasLane(_ word: UInt64, equalTo unit: UInt16) -> Bool { hasZeroLane(word ^ repeated(unit)) }

    /// Whether some lane of `word` is `limit` or more (`limit` at most 0x8000). Exact for the word: a lane below
    /// 0x8000 plus 0x8000 − `limit` carries into no other, and a lane of 0x8000 or more shows by its own top bit.
    @inline(__always)
    static func hasLane(_ word: UInt64, atLeast limit: UInt16) -> Bool {
        ((word &+ repeated(0x8000 &- limit)) | word) & repeated(0x8000) != 0
    }

    /// Whether every lane of `word` is in `low...high` (`low` at most 0x8000, the range less than 0x8000 units long):
    /// none below `low`, and none of the lanes less `low` (no lane borrows from its neighbour) `high - low + 1` or more.
    @inline(__always)
    static func allLanes(_ word: UInt64, from low: UInt16, through high: UInt16) -> Bool {
        !hasLane(word, below: low) && !hasLane(word &- repeated(low), atLeast: high &- low &+ 1)
    }

    /// Whether every lane of `word` is a CJK Unified Ideograph of the main block (U+4E00…U+9FFF): most of Chinese text,
    /// whose words every per-unit rule that asks about ideographs can pass at once.
    @inline(__always)
    static func allIdeographs(_ word: UInt64) -> Bool { allLanes(word, from: 0x4E00, through: 0x9FFF) }

    /// Whether some lane of `word` is below `limit` (`limit` at most 0x8000). Exact for the word, as `hasZeroLane`.
    @inline(__always)
    static func hasLane(_ word: UInt64, below limit: UInt16) -> Bool { (word &- repeated(limit)) & ~word & repeated(0x8000) != 0 }

    /// Each lane's top bit.
    static let topBits = repeated(0x8000)

    /// The lanes of `word` that are `limit` or more, as their top bits: exact lane by lane (the low 15 bits of each lane
    /// are added to apart from its top bit, so no carry crosses into the next).
    @inline(__always)
    static func lanes(_ word: UInt64, atLeast limit: UInt16) -> UInt64 {
        let low = word & ~topBits
        // Below 0x8000: the lane's top bit, or its low bits reaching the limit. From 0x8000: both.
        return limit <= 0x8000 ? ((low &+ repeated(0x8000 &- limit)) | word) & topBits : (low &+ repeated(0 &- limit)) & word & topBits
    }

    /// The lanes of `word` in `low...high`, as their top bits: exact lane by lane.
    @inline(__always)
    static func lanes(_ word: UInt64, from low: UInt16, through high: UInt16) -> UInt64 {
        high == 0xFFFF ? lanes(word, atLeast: low) : lanes(word, atLeast: low) & ~lanes(word, atLeast: high &+ 1)
    }

    /// How many lanes from the first (the unit at the lowest address) a set of lanes (top bits) leaves out: 4 for none.
    @inline(__always)
    static func leadingLanes(outside flagged: UInt64) -> Int { flagged.trailingZeroBitCount >> 4 }

    /// The lanes of a word of CJK prose that are ideographs of the main block (U+4E00…U+9FFF), the ideographic
    /// space, comma and full stop (U+3000…U+3002), or the fullwidth comma (U+FF0C): what most Chinese text is made
    /// of, a tenth of it that punctuation.
    @inline(__always)
    static func ideographsAndPunctuation(_ word: UInt64) -> UInt64 {
        lanes(word, from: 0x4E00, through: 0x9FFF) | lanes(word, from: 0x3000, through: 0x3002) | lanes(word, from: 0xFF0C, through: 0xFF0C)
    }

    /// The first index from `index` on whose unit `matches`, or the count when none does. `mayMatch` tells from a
    /// word of four units (in any lane order) whether one of them may match: it must be true of every word holding a
    /// match; the units of a word it is true of are asked one by one.
    @inline(__always)
    static func firstIndex(in units: UnsafeBufferPointer<UInt16>, from index: Int, mayMatch: (UInt64) -> Bool,
                           where matches: (UInt16) -> Bool) -> Int {
        firstIndex(in: units, from: index, mayMatch: mayMatch, clearLanes: { _ in 0 }, where: matches)
    }

    /// The same, asking `clearLanes` of a word `mayMatch` lets through which of its lanes surely do not match (top
    /// bits; it may leave out some that do not): the lanes before the first it leaves out are passed at once, and the
    /// scan goes on from the unit after that one (a word of Chinese holding a comma is passed in one step, not four);
    /// a word none of whose first lanes it passes has its units asked one by one.
    @inline(__always)
    static func firstIndex(in units: UnsafeBufferPointer<UInt16>, from index: Int, mayMatch: (UInt64) -> Bool,
                           clearLanes: (UInt64) -> UInt64, where matches: (UInt16) -> Bool) -> Int {
        var index = index
        let count = units.count
        if let base = units.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 4 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index &* 2, as: UInt64.self)
                if mayMatch(word) {
                    let clear = leadingLanes(outside: ~clearLanes(word) & topBits)
                    if clear == 0 {
                        // (Nothing passed: the word's units asked one by one, as without the lanes.)
                        for candidate in index..<(index + 4) where matches(units[candidate]) { return candidate }
                        index += 4
                        continue
                    }
                    index += clear
                    if clear == 4 { continue }
                    if matches(units[index]) { return index }
                    index += 1
                } else {
                    index += 4
                }
            }
        }
        while index < count, !matches(units[index]) { index += 1 }
        return index
    }
}
