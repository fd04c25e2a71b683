/// Where paragraphs end: after LF, CR, CRLF, NEL (U+0085) and PARAGRAPH SEPARATOR (U+2029). LINE SEPARATOR
/// (U+2028) ends a line inside its paragraph (Core Text treats it as a paragraph end, with paragraph spacing —
/// a known Core Text bug that Galley does not copy).
enum ParagraphBoundaries {
    /// The ranges of the paragraphs of a text, each with its separator; one empty range for empty text.
    static func ranges(_ units: [UInt16]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        let count = units.count
        while index < count {
            let unit = units[index]
            if unit == 0x0A || unit == 0x0D || unit == 0x85 || unit == 0x2029 {
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
