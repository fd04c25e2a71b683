import Foundation
import Testing
import CHarfBuzz

@testable import Galley

/// The compact stores under shaping: glyph records whose string indices widen past 15 bits, the word cache's table
/// and its sweep, packed word keys, and the UTF-16 copy of attributed strings.
@Suite struct GlyphStorageTests {
    /// Indices past 32,767 units from the base move the store to 31-bit indices, keeping every index and flag
    /// appended before and after.
    @Test func stringIndicesWidenPastFifteenBits() {
        var glyphs = GlyphArrays(base: 1000)
        var expected: [(index: Int, unsafe: Bool)] = []
        for step in 0..<300 {
            let index = 1000 + step * 250  // passes 1000 + 32,767 at step 132
            let unsafe = step % 3 == 0
            glyphs.append(glyph: Glyph(step), advance: CGFloat(step) / 4, offset: step == 200 ? CGPoint(x: 1, y: 2) : .zero,
                          stringIndex: index, unsafeToBreak: unsafe)
            expected.append((index, unsafe))
        }
        #expect(glyphs.count == expected.count)
        for (position, value) in expected.enumerated() {
            #expect(glyphs.stringIndex(position) == value.index)
            #expect(glyphs.isUnsafeToBreak(position) == value.unsafe)
            #expect(glyphs.glyph(position) == Glyph(position))
            #expect(glyphs.advance(position) == CGFloat(position) / 4)
            #expect(glyphs.offset(position) == (position == 200 ? CGPoint(x: 1, y: 2) : .zero))
        }
    }

    /// `firstGlyph(atOrAfter:in:)` finds what a search of every glyph finds, near its first guess and far from it: runs
    /// whose glyphs drift from their units by up to thousands (ligatures, clusters of several units, units without
    /// glyphs), every unit of them, in sub-ranges too.
    /// The glyph-level test for exact sums holds exactly when every advance is zero or at least 2⁻¹⁰ in magnitude and
    /// their magnitudes add up to less than the limit; when it holds, every sum of the advances in order, from any
    /// glyph on, is exactly the sum of the same values in arbitrary precision (kept as whole multiples of 2⁻³³).
    @Test func advancesAddExactlyOnlyWhereEverySumIsExact() {
        let edges: [Float] = [0, -0, 0x1p-10, -0x1p-10, Float(0x1p-10).nextDown, 0x1p-11, 0.1, -0.3, 7.03125, 1000.5, 3e-5, .nan, .infinity]
        var generator = SeededLCG(seed: 3)
        for _ in 0..<2_000 {
            var glyphs = GlyphArrays()
            let advances = (0..<Int(generator.next() % 40)).map { _ in edges[Int(generator.next() % UInt64(edges.count))] }
            for (index, advance) in advances.enumerated() {
                glyphs.append(glyph: 1, advance: CGFloat(advance), offset: .zero, stringIndex: index, unsafeToBreak: false)
            }
            let coarse = advances.allSatisfy { $0 == 0 || abs($0) >= 0x1p-10 }
            let limit = 2_000.0
            let expected = coarse && advances.reduce(0.0) { $0 + Double(abs($1)) } < limit
            #expect(glyphs.advancesAddExactly(below: limit) == expected, "\(advances)")
            guard expected else { continue }
            // Each as a whole number of 2⁻³³, added in integers: the Double sums equal them.
            for start in advances.indices {
                var sum: Double = 0, units: Int64 = 0
                for advance in advances[start...] {
                    sum += Double(advance)
                    units += Int64((Double(advance) * 0x1p33).rounded(.towardZero))
                    #expect(Double(advance) * 0x1p33 == (Double(advance) * 0x1p33).rounded(.towardZero))
                    #expect(sum == Double(units) * 0x1p-33)
                }
            }
        }
    }

    @Test func firstGlyphAtOrAfterAUnitEqualsALinearSearch() {
        var generator = SystemRandomNumberGenerator()
        for drift in [0, 3, 40, 600, 5_000] {
            var glyphs = GlyphArrays(base: 10)
            var unit = 10
            var indices: [Int] = []
            for step in 0..<20_000 {
                // Mostly one glyph a unit; now and then a cluster of several units (the drift), or several glyphs in one.
                if drift > 0, Int.random(in: 0..<20_000, using: &generator) < drift { unit += Int.random(in: 2...4, using: &generator) } else { unit += 1 }
                let repeats = step % 97 == 0 ? 2 : 1
                for _ in 0..<repeats {
                    glyphs.append(glyph: Glyph(step), advance: 1, offset: .zero, stringIndex: unit, unsafeToBreak: false)
                    indices.append(unit)
                }
            }
            let lastUnit = unit + 2
            for range in [0..<indices.count, 5_000..<17_000, 0..<1, 19_990..<indices.count] {
                for target in stride(from: 0, through: lastUnit, by: 89) {
                    let expected = range.first { indices[$0] >= target } ?? range.upperBound
                    #expect(glyphs.firstGlyph(atOrAfter: target, in: range) == expected, "drift \(drift), range \(range), unit \(target)")
                }
            }
        }
    }

    /// Copying a range of glyphs wholesale, moved by a shift, gives what appending them one by one gives: between
    /// stores of 15-bit and 31-bit indices both ways, with and without offsets on either side, indices descending
    /// (right to left) or ascending.
    @Test func bulkCopiesEqualGlyphByGlyphAppends() {
        func store(indices: [Int], offsets: Bool) -> GlyphArrays {
            var glyphs = GlyphArrays(base: 100)
            for (step, index) in indices.enumerated() {
                glyphs.append(glyph: Glyph(step), advance: CGFloat(step) / 8, offset: offsets && step % 5 == 0 ? CGPoint(x: 1, y: -1) : .zero,
                              stringIndex: 100 + index, unsafeToBreak: step % 3 == 1)
            }
            return glyphs
        }
        func fields(_ glyphs: GlyphArrays) -> [String] {
            (0..<glyphs.count).map { "\(glyphs.glyph($0)) \(glyphs.advance($0)) \(glyphs.offset($0)) \(glyphs.stringIndex($0)) \(glyphs.isUnsafeToBreak($0))" }
        }
        let sources = [store(indices: Array(0..<120), offsets: false), store(indices: Array(0..<120).map { $0 * 100 }, offsets: false),
                       store(indices: Array((0..<120).reversed()), offsets: true), store(indices: Array(0..<120).map { 40_000 + $0 }, offsets: true)]
        let targets = [store(indices: [0, 1, 2], offsets: false), store(indices: [0, 1], offsets: true), store(indices: [0, 50_000], offsets: false)]
        for source in sources {
            for target in targets {
                for shift in [0, 7, -3, 33_000] {
                    var bulk = target, single = target
                    bulk.append(contentsOf: source, 10..<110, shiftedBy: shift)
                    for index in 10..<110 { single.append(source, index, stringIndex: source.stringIndex(index) + shift) }
                    #expect(fields(bulk) == fields(single), "shift \(shift)")
                    #expect(bulk.ascends == single.ascends)
                    bulk._checkInvariants()
                }
            }
        }
    }

    /// A paragraph longer than 32,767 units is laid out with the same glyphs per repetition of its sentence: string
    /// indices past 15 bits are kept exactly.
    @Test func longParagraphKeepsItsStringIndices() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf")
        let sentence = "The quick brown fox jumps over the lazy dog, affably — “officially” — 42 times. "
        let length = sentence.utf16.count
        let repetitions = 70_000 / length + 1
        let text = String(repeating: sentence, count: repetitions)
        let shaped = ShapedParagraph(
            AttributedText(units: Array(text.utf16), runs: [(0..<text.utf16.count, { var a = StringAttributes(); a.font = font; return a }())],
                           defaultFont: font))
        let glyphs = shaped.glyphs
        #expect(glyphs.count % repetitions == 0)
        let perSentence = glyphs.count / repetitions
        #expect(glyphs.stringIndex(glyphs.count - 1) > 0x7FFF)
        for glyph in stride(from: 0, to: glyphs.count, by: 7) {
            let first = glyph % perSentence
            let repetition = glyph / perSentence
            #expect(glyphs.stringIndex(glyph) == glyphs.stringIndex(first) + repetition * length)
            #expect(glyphs.glyph(glyph) == glyphs.glyph(first))
            #expect(glyphs.isUnsafeToBreak(glyph) == glyphs.isUnsafeToBreak(first))
        }
    }

    /// The table gives back exactly what was stored under a key, never another key's glyphs; when full it keeps the
    /// words looked up since the last sweep (at most half its capacity) and drops the others.
    @Test func wordTableKeepsTheWordsInUse() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf")
        let item = TextItem(range: 0..<1, attributeRun: 0, script: 25, level: 0, font: font)
        let setup = try #require(WordShapes.shared.setup(for: item, script: HB_SCRIPT_LATIN, language: "xx-table",
                                                         features: [], extra: 0))
        func key(_ word: String) -> WordShapes.Key { WordShapes.key(setup, Array(word.utf16)[...])! }
        // A word's stand-in glyphs: one per unit, the unit as its id.
        func packed(_ word: String) -> [UInt32] {
            var glyphs = GlyphArrays()
            for (offset, unit) in word.utf16.enumerated() {
                glyphs.append(glyph: unit, advance: 1, offset: .zero, stringIndex: offset, unsafeToBreak: false)
            }
            return ShapedWord(glyphs, 0..<glyphs.count, at: 0).packed
        }
        func lookUp(_ table: inout WordTable, _ word: String) -> [Glyph]? {
            var glyphs = GlyphArrays()
            guard table.append(key(word), hash: key(word).spread, to: &glyphs, at: 0) != nil else { return nil }
            return (0..<glyphs.count).map { glyphs.glyph($0) }
        }
        var table = WordTable(capacity: 64)
        let words = (0..<64).map { "word\($0)" }
        for word in words { table.insert(key(word), hash: key(word).spread, packed: packed(word)) }
        #expect(table.count == 64)
        for word in words { #expect(lookUp(&table, word) == Array(word.utf16)) }
        // Full, and every word was looked up: the sweep keeps half of them, then the new word joins.
        table.insert(key("sweep0"), hash: key("sweep0").spread, packed: packed("sweep0"))
        #expect(table.count == 33)
        let kept = (words + ["sweep0"]).filter { table.contains(key($0), hash: key($0).spread) }
        #expect(kept.count == 33)
        // Look up ten of the kept words: only those survive the next sweep.
        let favourites = Array(kept.prefix(10))
        for word in favourites { _ = lookUp(&table, word) }
        for index in 0..<31 { table.insert(key("fill\(index)"), hash: key("fill\(index)").spread, packed: packed("fill\(index)")) }
        #expect(table.count == 64)
        table.insert(key("sweep1"), hash: key("sweep1").spread, packed: packed("sweep1"))
        for word in favourites { #expect(lookUp(&table, word) == Array(word.utf16), "\(word)") }
        // Every word that was not looked up since the first sweep went.
        for word in kept where !favourites.contains(word) {
            #expect(!table.contains(key(word), hash: key(word).spread), "\(word)")
        }
        #expect(table.count == favourites.count + 1)
        table._checkInvariants()
    }

    /// Packed keys are equal exactly when the words are, whatever the length up to 16 units.
    @Test func packedWordsCompareByTheirUnits() {
        let words = ["", "a", "ab", "abcd", "abcde", "abcdefgh", "abcdefghi", "abcdefghijklmnop", "abcdefghijklmnoq", "é",
                     "e\u{301}", "\u{0}a", "a\u{0}"]
        for a in words {
            for b in words {
                let left = PackedWord(Array(a.utf16)[...])!
                let right = PackedWord(Array(b.utf16)[...])!
                #expect((left == right) == (a.utf16.elementsEqual(b.utf16)), "\(a.debugDescription) \(b.debugDescription)")
            }
        }
        #expect(PackedWord(Array("abcdefghijklmnopq".utf16)[...]) == nil)
    }

    /// The UTF-16 copy equals the standard library's view on every corpus text, and keeps little room beyond its
    /// units (it lives as long as the text is laid out; room for a unit per UTF-8 byte is 2.5 times a Chinese text's).
    @Test func utf16CopyEqualsTheStandardLibrary() throws {
        var texts = ["", "ascii only", "é", "日本語 and ASCII", "🙂👍🏽 emoji", "mixed\u{301} marks", "\u{10FFFF}end"]
        for file in Corpus.files { texts.append(try String(contentsOf: Corpus.directory.appendingPathComponent(file), encoding: .utf8)) }
        for text in texts {
            let units = AttributedText.utf16(text)
            #expect(units == Array(text.utf16))
            #expect(units.capacity - units.count <= max(units.count / 8, 16), "\(units.count) units in room for \(units.capacity)")
        }
    }
}
