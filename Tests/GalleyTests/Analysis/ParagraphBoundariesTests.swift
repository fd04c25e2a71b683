import Testing

@testable import Galley

/// `ParagraphBoundaries.ranges` tests four units at a time (the lanes of a 64-bit word); these compare it with the rule
/// read one unit at a time (`CharacterClasses.endsParagraph`, a CR with the LF after it), every unit value at every
/// place of a word and in the tail after the last whole word.
@Suite struct ParagraphBoundariesTests {
    /// The rule, one unit at a time.
    static func reference(_ units: [UInt16]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0, index = 0
        while index < units.count {
            defer { index += 1 }
            guard CharacterClasses.endsParagraph(units[index]) else { continue }
            if units[index] == 0x0D, index + 1 < units.count, units[index + 1] == 0x0A { index += 1 }
            ranges.append(start..<(index + 1))
            start = index + 1
        }
        if start < units.count || ranges.isEmpty { ranges.append(start..<units.count) }
        return ranges
    }

    @Test func everyUnitValueAtEveryPlaceOfABlock() {
        // Each of the 65,536 values once, at a place that steps through the words and the tail (37 = 9 words and 1).
        for value in 0...0xFFFF {
            var units = [UInt16](repeating: 0x61, count: 37)
            units[value % 37] = UInt16(value)
            #expect(ParagraphBoundaries.ranges(units) == Self.reference(units), "U+\(String(value, radix: 16))")
        }
    }

    @Test func randomTextsWithSeparatorsAndCRLFAcrossWords() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt16] = [0x0A, 0x0D, 0x0D, 0x85, 0x2029, 0x2028, 0x0B, 0x0C, 0x1C, 0x61, 0x20, 0xE9, 0x4E00, 0xD83D, 0xDE00]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...70, using: &generator)
            // Mostly letters: separators now and then, so that whole words hold none.
            let units = (0..<length).map { _ in
                Int.random(in: 0..<8, using: &generator) == 0 ? alphabet.randomElement(using: &generator)! : 0x61
            }
            #expect(ParagraphBoundaries.ranges(units) == Self.reference(units), "\(units)")
        }
        #expect(ParagraphBoundaries.ranges([]) == [0..<0])
    }
    /// The four-at-a-time search for separators and controls up to CR (what the editing layer's rope counts) finds
    /// each of the 65,536 values at every place of a word and in the tail, and nothing else.
    @Test func separatorsOrControlsFoundAtEveryPlace() {
        for value in 0...0xFFFF {
            var units = [UInt16](repeating: 0x61, count: 37)
            units[value % 37] = UInt16(value)
            let found = units.withUnsafeBufferPointer { ParagraphBoundaries.firstSeparatorOrControl($0, from: 0) }
            let expected = value <= 0x0D || value == 0x85 || value == 0x2029 ? value % 37 : 37
            #expect(found == expected, "U+\(String(value, radix: 16))")
        }
    }
}
