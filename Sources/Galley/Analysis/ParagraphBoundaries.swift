/// Where paragraphs end: after each character that `CharacterClasses.endsParagraph`, a CR with the LF after it.
/// The typesetter's paragraphs and the editing layer's are these.
package enum ParagraphBoundaries {
    /// The ranges of the paragraphs of UTF-16 text, each with its separator; one empty range for empty text.
    package static func ranges(_ units: [UInt16]) -> [Range<Int>] {
        units.withUnsafeBufferPointer { units in
            ranges(count: units.count, separator: { firstSeparator(units, from: $0) }, unit: { units[$0] })
        }
    }

    /// The same for a text of `count` units read through `separator(from:)` — the first index at or after `from`
    /// whose unit ends a paragraph, `count` when none does — and `unit(at:)` (asked only for the unit after a CR):
    /// for text not in one array, such as the editing layer's rope.
    package static func ranges(count: Int, separator: (Int) -> Int, unit: (Int) -> UInt16) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        while true {
            index = separator(index)
            guard index < count else { break }
            let ended = unit(index)
            index += 1
            if ended == 0x0D, index < count, unit(index) == 0x0A { index += 1 }
            ranges.append(start..<index)
            start = index
        }
        if start < count || ranges.isEmpty { ranges.append(start..<count) }
        return ranges
    }

    /// The first index from `index` on whose unit ends a paragraph, or the count when none does, four units at a
    /// time (`UnitLanes`): a word with a lane below U+000E, or equal to NEL or U+2029, has its units asked by
    /// `CharacterClasses.endsParagraph` (LF, CR, NEL, U+2029; ParagraphBoundariesTests compares the two at every place
    /// of a word).
    private static func firstSeparator(_ units: UnsafeBufferPointer<UInt16>, from index: Int) -> Int {
        UnitLanes.firstIndex(in: units, from: index, mayMatch: mayHoldSeparatorOrControl, where: CharacterClasses.endsParagraph)
    }

    /// The first index from `index` on whose unit is a paragraph separator or a control up to CR (LF, VT, FF, CR,
    /// NEL, U+2029 and the C0 controls before them: what the editing layer's rope counts), or the count when none is:
    /// four units at a time, as `firstSeparator`.
    package static func firstSeparatorOrControl(_ units: UnsafeBufferPointer<UInt16>, from index: Int) -> Int {
        UnitLanes.firstIndex(in: units, from: index, mayMatch: mayHoldSeparatorOrControl, where: isSeparatorOrControl)
    }

    /// Whether a unit is a paragraph separator or a control up to CR (`firstSeparatorOrControl`).
    @inline(__always)
    package static func isSeparatorOrControl(_ unit: UInt16) -> Bool { unit <= 0x0D || unit == 0x85 || unit == 0x2029 }

    /// Whether a word of four units may hold a paragraph separator or a control up to CR.
    @inline(__always)
    private static func mayHoldSeparatorOrControl(_ word: UInt64) -> Bool {
        UnitLanes.hasLane(word, below: 0x0E) || UnitLanes.hasLane(word, equalTo: 0x85) || UnitLanes.hasLane(word, equalTo: 0x2029)
    }
}
