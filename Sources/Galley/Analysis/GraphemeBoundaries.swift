internal import CUnicode

/// Extended grapheme cluster boundaries (UAX #29, by ICU) of a text: the places a caret may stop and that
/// fallback and hit testing never split.
enum GraphemeBoundaries {
    /// Every boundary in UTF-16 offsets, 0 and `units.count` included (just [0] for empty text).
    static func compute(_ units: [UInt16]) -> [Int] { compute(units[...]) }

    /// Every boundary of a part of a text, as offsets in the whole text (the slice's own indices), both ends
    /// included.
    static func compute(_ units: ArraySlice<UInt16>) -> [Int] {
        let start = units.startIndex
        guard !units.isEmpty else { return [start] }
        // Text of characters that never join a neighbour (Latin-1 except controls, general punctuation such as
        // curly quotes and dashes): every unit is its own cluster, no ICU needed. Marks, joiners, surrogates,
        // Hangul and CR all start at or beyond U+0300 or are controls, so they take the ICU path.
        if units.allSatisfy(isAlone) { return Array(start...units.endIndex) }
        var boundaries = [Int32](repeating: 0, count: units.count + 1)
        let count = units.withUnsafeBufferPointer { text in
            boundaries.withUnsafeMutableBufferPointer {
                galley_grapheme_boundaries(text.baseAddress, Int32(text.count), $0.baseAddress, Int32($0.count))
            }
        }
        guard count >= 2 else { return Array(start...units.endIndex) }
        return boundaries.prefix(Int(count)).map { Int($0) + start }
    }

    /// A unit that is a grapheme cluster on its own whatever surrounds it.
    @inline(__always)
    private static func isAlone(_ unit: UInt16) -> Bool {
        (unit >= 0x20 && unit < 0x7F) || (unit >= 0xA0 && unit < 0x300 && unit != 0xAD) || (unit >= 0x2010 && unit <= 0x2027)
            || (unit >= 0x2030 && unit <= 0x205E)
    }
}
