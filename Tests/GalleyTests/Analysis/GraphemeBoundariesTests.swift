import CUnicode
import Foundation
import Testing

@testable import Galley

/// Grapheme boundaries: the shortcut for text of stand-alone characters agrees with ICU on every corpus line,
/// and ICU's answer agrees with Unicode's own GraphemeBreakTest.txt.
@Suite struct GraphemeBoundariesTests {
    static func icu(_ units: [UInt16]) -> [Int] {
        guard !units.isEmpty else { return [0] }
        var boundaries = [Int32](repeating: 0, count: units.count + 1)
        let count = galley_grapheme_boundaries(units, Int32(units.count), &boundaries, Int32(boundaries.count))
        return boundaries.prefix(Int(count)).map(Int.init)
    }

    @Test func shortcutAgreesWithICUOnTheCorpus() throws {
        var lines = 0
        for file in Corpus.files {
            for line in try Corpus.lines(file) {
                let units = Array(line.utf16)
                #expect(Array(GraphemeBoundaries.compute(units)) == Self.icu(units), "\(file): \(line.prefix(30))")
                lines += 1
            }
        }
        let punctuation = Array("“Quotes” — dashes… ‘and’ ±½ café".utf16)
        #expect(Array(GraphemeBoundaries.compute(punctuation)) == Self.icu(punctuation))
        // Stand-alone text with clusters here and there (ICU runs in windows around them), every two pieces joined.
        let pieces = ["plain text ", "e\u{301}", "\r\n", "©\u{200D}👨", "👨‍👩‍👧", "🇫🇷🇩🇪🇮", "\u{AD}", "a\u{308}\u{301}", "각",
                      "क्षि", "\r", "\n", "©\u{FE0F}", "x"]
        for first in pieces {
            for second in pieces {
                let units = Array((first + "words " + second + second + " and " + first).utf16)
                #expect(Array(GraphemeBoundaries.compute(units)) == Self.icu(units), "\(first.debugDescription) \(second.debugDescription)")
            }
        }
        #expect(lines > 500)
    }

    /// Units that are not alone, or are at the edge of the four-unit test (U+02FF, U+0300, CR, soft hyphen, surrogates,
    /// the highest units), at every place of the words the shortcut tests at once and of the tail after them, alone
    /// and in pairs, give ICU's boundaries.
    @Test func fourUnitTestsAgreeWithICUAtEveryPlace() {
        let probes: [UInt16] = [0x0D, 0x0A, 0xAD, 0x2FF, 0x300, 0x301, 0x7FF, 0x8000, 0xD83D, 0xDE00, 0xFFFF, 0x200D, 0x1100, 0xAC00, 0x41]
        for length in [3, 4, 5, 8, 11] {
            for place in 0..<length {
                for probe in probes {
                    var units = [UInt16](repeating: 0x61, count: length)
                    units[place] = probe
                    #expect(Array(GraphemeBoundaries.compute(units)) == Self.icu(units), "U+\(String(probe, radix: 16)) at \(place) of \(length)")
                    for second in probes where place + 1 < length {
                        units[place + 1] = second
                        #expect(Array(GraphemeBoundaries.compute(units)) == Self.icu(units), "\(probe), \(second) at \(place) of \(length)")
                        units[place + 1] = 0x61
                    }
                }
            }
        }
    }

    /// Every unit the shortcut takes as a cluster of its own is one beside anything: each, after and before every piece
    /// that joins or may join a neighbour (marks, joiners, variation selectors, jamo, prepended and spacing marks, regional
    /// indicators, emoji, CR and LF), gives ICU's boundaries.
    @Test func everyStandAloneUnitIsAloneBesideAnything() throws {
        let neighbours = ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{E0100}", "\u{3099}", "\u{302A}", "\u{FF9E}", "\u{1100}", "\u{1161}",
                          "\u{11A8}", "\u{AC00}", "\u{0600}", "\u{093F}", "\u{1F1EF}", "👨", "\r", "\n", "a"].map { Array($0.utf16) }
        var checked = 0
        for value in UInt16(0x0300)...UInt16(0xFFFD) where GraphemeBoundaries.isAlone(value) {
            let plain = [UInt16(0x61)]
            for (before, after) in neighbours.map({ ($0, plain) }) + neighbours.map({ (plain, $0) }) {
                do {
                    let units = before + [value] + after
                    guard Array(GraphemeBoundaries.compute(units)) == Self.icu(units) else {
                        Issue.record("U+\(String(value, radix: 16, uppercase: true)) between \(before) and \(after)")
                        return
                    }
                }
            }
            checked += 1
        }
        #expect(checked > 39000)
    }

    @Test func icuPassesGraphemeBreakTest() throws {
        let url = URL(fileURLWithPath: "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var total = 0
        var passed = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let body = line.split(separator: "#")[0]
            var units: [UInt16] = []
            var expected: [Int] = []
            for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if token == "÷" { expected.append(units.count) } else if token != "×", let value = UInt32(token, radix: 16),
                    let scalar = Unicode.Scalar(value)
                {
                    units.append(contentsOf: String(Character(scalar)).utf16)
                }
            }
            guard !units.isEmpty else { continue }
            total += 1
            if Array(GraphemeBoundaries.compute(units)) == expected { passed += 1 }
        }
        print("GraphemeBreakTest.txt: \(passed) of \(total) cases pass")
        #expect(total > 600)
        #expect(passed == total)
    }

    /// `forEachSpan` visits the pairs of neighbouring offsets that reading them one by one gives, in every way offsets
    /// are kept (every unit; one, two and four bytes a delta), across block edges.
    @Test func forEachSpanVisitsNeighbouringOffsets() {
        var generator = SystemRandomNumberGenerator()
        for gap in [1, 3, 200, 3_000, 100_000] {
            for count in [0, 1, 2, 63, 64, 65, 130, 300] {
                var offsets: [Int32] = []
                var offset: Int32 = 0
                for _ in 0..<count {
                    offsets.append(offset)
                    offset += Int32(Int.random(in: 1...gap, using: &generator))
                }
                let stored = BoundaryOffsets(base: 7, offsets: offsets)
                var visited: [Int] = []
                stored.forEachSpan { start, end in
                    if visited.isEmpty { visited.append(start) }
                    #expect(start == visited.last)
                    visited.append(end)
                }
                #expect(visited == (count > 1 ? offsets.map { Int($0) + 7 } : []), "gap \(gap), count \(count)")
            }
        }
        var visited: [Int] = []
        BoundaryOffsets(everyUnitOf: 3..<9).forEachSpan { start, end in visited.append(end - start == 1 ? start : -1) }
        #expect(visited == [3, 4, 5, 6, 7, 8])
    }

    /// `firstIndex(after:)` (a guess and a few steps) gives what a binary search gives, for every offset of every
    /// corpus line, over its line-break opportunities (uneven gaps) and its grapheme boundaries (even ones), and
    /// at the edges of empty and one-offset collections.
    @Test func firstIndexAfterAgreesWithBinarySearch() throws {
        var checked = 0
        for file in Corpus.files {
            for line in try Corpus.lines(file).prefix(60) {
                let units = Array(line.utf16)
                let breaks = LineBreakOpportunities(units[...], language: nil).positions
                for offsets in [breaks, GraphemeBoundaries.compute(units), BoundaryOffsets(everyUnitOf: 5..<(5 + units.count))] {
                    for offset in -2...(units.count + 8) {
                        #expect(offsets.firstIndex(after: offset) == offsets.partitioningIndex { $0 > offset }, "\(file) \(offset)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 10_000)
        for offsets in [BoundaryOffsets(base: 0, offsets: []), BoundaryOffsets(base: 3, offsets: [4])] {
            for offset in -1...9 { #expect(offsets.firstIndex(after: offset) == offsets.partitioningIndex { $0 > offset }) }
        }
    }
}
