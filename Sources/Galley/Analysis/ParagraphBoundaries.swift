/// Where paragraphs end: after each character that `CharacterClasses.endsParagraph`, a CR with the LF after it.
/// The typesetter's paragraphs and the editing layer's are these.
package enum ParagraphBoundaries {
    /// The ranges of the paragraphs of UTF-16 text, each with its separator; one empty range for empty text.
    package static func ranges(_ units: [UInt16]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        units.withUnsafeBufferPointer { units in
            let count = units.count
            var index = 0
            while true {
                index = firstSeparator(units, from: index)
                guard index < count else { break }
                let unit = units[index]
                index += 1
                if unit == 0x0D, index < count, units[index] == 0x0A { index += 1 }
                ranges.append(start..<index)
                start = index
            }
        }
        if start < units.count || ranges.isEmpty { ranges.append(start..<units.count) }
        return ranges
    }

    /// The first index from `index` on whose unit ends a paragraph, or the count when none does. Four units are
    /// tested at once, as the lanes of one 64-bit word (the scan runs over a paragraph's whole text at every edit of
    /// it, however long): a lane below U+000E, or equal to NEL or U+2029, sends those four to the one-unit rule.
    /// (`CharacterClasses.endsParagraph`'s units are LF, CR, NEL and U+2029; ParagraphBoundariesTests compares the
    /// two at every place of a word.)
    private static func firstSeparator(_ units: UnsafeBufferPointer<UInt16>, from index: Int) -> Int {
        var index = index
        let count = units.count
        if let base = units.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0001_0001_0001_0001, high: UInt64 = 0x8000_8000_8000_8000
            /// Whether some lane of `word` is zero (exact for the word as a whole: a borrow only reaches lanes above
            /// a zero one).
            func hasZeroLane(_ word: UInt64) -> Bool { (word &- ones) & ~word & high != 0 }
            while index + 4 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index &* 2, as: UInt64.self)
                let belowCR = (word &- ones &* 0x0E) & ~word & high != 0
                if belowCR || hasZeroLane(word ^ (ones &* 0x85)) || hasZeroLane(word ^ (ones &* 0x2029)) {
                    for candidate in index..<(index + 4) where CharacterClasses.endsParagraph(units[candidate]) { return candidate }
                }
                index += 4
            }
        }
        while index < count, !CharacterClasses.endsParagraph(units[index]) { index += 1 }
        return index
    }
}
