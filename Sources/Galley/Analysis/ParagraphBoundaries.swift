/// Where paragraphs end: after each character that `CharacterClasses.endsParagraph`, a CR with the LF after it.
/// The typesetter's paragraphs and the editing layer's are these.
package enum ParagraphBoundaries {
    /// The ranges of the paragraphs of UTF-16 text, each with its separator; one empty range for empty text.
    package static func ranges(_ units: [UInt16]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        let count = units.count
        while index < count {
            let unit = units[index]
            if CharacterClasses.endsParagraph(unit) {
                var end = index + 1
                if unit == 0x0D, end < count, units[end] == 0x0A { end += 1 }
                ranges.append(start..<end)
                start = end
                index = end
            } else {
                index += 1
            }
        }
        if start < count || ranges.isEmpty { ranges.append(start..<count) }
        return ranges
    }
}
