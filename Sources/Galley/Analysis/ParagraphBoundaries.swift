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

    /// The first index from `index` on whose unit ends a paragraph, or the count when none does, four units at a
    /// time (`UnitLanes`): a word with a lane below U+000E, or equal to NEL or U+2029, has its units asked by
    /// `CharacterClasses.endsParagraph` (LF, CR, NEL, U+2029; ParagraphBoundariesTests compares the two at every place
    /// of a word).
    private static func firstSeparator(_ units: UnsafeBufferPointer<UInt16>, from index: Int) -> Int {
        UnitLanes.firstIndex(in: units, from: index, mayMatch: { word in
            UnitLanes.hasLane(word, below: 0x0E) || UnitLanes.hasLane(word, equalTo: 0x85) || UnitLanes.hasLane(word, equalTo: 0x2029)
        }, where: CharacterClasses.endsParagraph)
    }
}
