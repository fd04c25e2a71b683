import Foundation
import Testing

@testable import Galley

/// An edited paragraph shaped from the paragraph before the edit (glyphs away from the edit copied, a window around
/// it shaped again) must equal the edited paragraph shaped whole, glyph for glyph — ids, advances, offsets, clusters
/// and unsafe-to-break flags — on corpus paragraphs of many scripts edited at every 10th position.
@Suite struct ShapingReuseTests {
    static let files = ["en_Latn.txt", "de_Latn.txt", "ar_Arab.txt", "fa_Arab.txt", "he_Hebr.txt", "hi_Deva.txt", "th_Thai.txt",
                        "ja_Jpan.txt", "zh_Hans.txt", "ko_Kore.txt", "ta_Taml.txt", "my_Mymr.txt"]

    /// Lines of the corpus, and a few made up: emoji sequences, mixed directions, marks after spaces.
    static func paragraphs() throws -> [String] {
        var result: [String] = []
        for file in files { result += try Corpus.lines(file).prefix(5) }
        result += ["Family 👨‍👩‍👧‍👦 and flags 🇫🇷🇩🇪 with skin tones 👍🏽 between words, office ffi ligatures.",
                   "Mixed עברית and English שורה with العربية الفصحى and 123 numbers.",
                   "Marks after spaces: a \u{0301}b c\u{0308} and keycaps 1\u{FE0F}\u{20E3} done.",
                   // Arabic in a left-to-right embedding (shaped left to right), with and without spaces.
                   "\u{202A}بالعالمبالعالمبالعالمبالعالمبالعالم\u{202C} and more text after it",
                   "\u{202D}مرحبا بالعالم مرحبا بالعالم\u{202C} and a tab\there"]
        return result
    }

    @Test(arguments: ["DejaVuSerif.ttf", "DejaVuSans.ttf", "LinLibertine_R.otf", "NotoNaskhArabic-Regular.ttf", "NotoSansDevanagari-Regular.ttf"])
    func windowedShapingEqualsWholeShaping(file: String) throws {
        let font = try TestFonts.font(file)
        var attributes = StringAttributes()
        attributes.font = font
        let reusedBefore = ShapingReuse.itemsReused.load(ordering: .relaxed)
        var edits = 0
        for paragraph in try Self.paragraphs() {
            let units = Array(paragraph.utf16)
            let old = ShapedParagraph(AttributedText(units: units, runs: [(0..<units.count, attributes)], defaultFont: font))
            for position in stride(from: 0, to: units.count, by: 10) {
                // An insertion of a character from elsewhere in the paragraph, a deletion, and a replacement.
                let borrowed = units[(position * 7 + 3) % units.count]
                for (replaced, inserted) in [(position..<position, [borrowed]), (position..<min(position + 1, units.count), []),
                                             (position..<min(position + 3, units.count), Array("xyz".utf16))] {
                    try Self.expectReuseEqualsWhole(old, units, replaced: replaced, inserted: inserted, attributes: attributes,
                                                    "\(file): \(paragraph.prefix(30))")
                    edits += 1
                }
            }
        }
        #expect(edits > 1000)
        // The comparisons went through the reuse (they cannot pass by shaping everything whole).
        #expect(ShapingReuse.itemsReused.load(ordering: .relaxed) - reusedBefore > edits)
    }

    /// Shapes `units` with `replaced` replaced by `inserted` whole and from `old`, and requires the same glyphs.
    static func expectReuseEqualsWhole(_ old: ShapedParagraph, _ units: [UInt16], replaced: Range<Int>, inserted: [UInt16],
                                       attributes: StringAttributes, _ name: String) throws {
        var edited = units
        edited.replaceSubrange(replaced, with: inserted)
        let text = AttributedText(units: edited, runs: edited.isEmpty ? [] : [(0..<edited.count, attributes)], defaultFont: attributes.font!)
        let whole = ShapedParagraph(text)
        let reused = ShapedParagraph(text, reusing: ShapingReuse(paragraph: old, replaced: replaced, insertedLength: inserted.count))
        try #require(WordShapesTests.same(reused.glyphs, whole.glyphs), "\(name) with \(replaced) replaced by \(inserted.count) units")
        #expect(reused.items.map(\.item.range) == whole.items.map(\.item.range))
        #expect(reused.items.map(\.glyphRange) == whole.items.map(\.glyphRange))
    }

    /// Flags pair regional indicators from the start of their run: removing one re-pairs every flag after it, though
    /// HarfBuzz marks nothing unsafe between flags. Here a lone surrogate left by the edit starts a new run on the
    /// other parity, which the emoji font merges into one cluster (found by the editing fuzzer).
    @Test func flagsAfterAnEditRePair() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf")
        var attributes = StringAttributes()
        attributes.font = font
        let units = [0xDC00] + Array(("\u{200B}\u{2066}" + String(repeating: "🇯🇵", count: 30) + "ภาษาไทย and more").utf16)
        let old = ShapedParagraph(AttributedText(units: units, runs: [(0..<units.count, attributes)], defaultFont: font))
        for start in 3..<23 {
            for count in [2, 13] {
                try Self.expectReuseEqualsWhole(old, units, replaced: start..<(start + count), inserted: [], attributes: attributes, "flags")
            }
        }
    }

    /// HarfBuzz shapes an item with up to five characters of the text around it as context: Arabic joins across a
    /// zero-width joiner (and the marks after it) at the end of the item before, in another font. An edit that
    /// brings such a joiner next to an item, or takes it away, changes the item's edge glyphs although the item's
    /// own text is unchanged (found by the editing fuzzer: an Arabic word after an emoji ZWJ sequence came out a
    /// glyph too narrow).
    @Test func anEditBesideAnItemReshapesItsEdgeForHarfBuzzContext() throws {
        var latin = StringAttributes(), arabic = StringAttributes()
        latin.font = try TestFonts.font("DejaVuSans.ttf")
        arabic.font = try TestFonts.font("NotoNaskhArabic-Regular.ttf")
        let word = Array("بالعالم".utf16)
        // Latin text with a joiner before the Arabic word, and after it, two marks away; `q`s between are deleted.
        for (before, after) in [(Array("a\u{200D}qqq\u{0301}\u{0302}".utf16), Array(" end".utf16)),
                                (Array("start ".utf16), Array("\u{0301}\u{0302}qqq\u{200D}b".utf16))] {
            func shaped(_ before: [UInt16], _ after: [UInt16]) -> (units: [UInt16], paragraph: ShapedParagraph) {
                let units = before + word + after
                let runs = [(0..<before.count, latin), (before.count..<(before.count + word.count), arabic),
                            ((before.count + word.count)..<units.count, latin)]
                return (units, ShapedParagraph(AttributedText(units: units, runs: runs, defaultFont: latin.font!)))
            }
            let q = UInt16(UInt8(ascii: "q"))
            let withQs = shaped(before, after), joined = shaped(before.filter { $0 != q }, after.filter { $0 != q })
            let qs = withQs.units.firstIndex(of: q)!..<(withQs.units.lastIndex(of: q)! + 1)
            // Deleting the q's, and putting one back.
            for (old, new, replaced, inserted) in [(withQs, joined, qs, 0), (joined, withQs, qs.lowerBound..<qs.lowerBound, qs.count)] {
                let text = new.paragraph.text
                let reused = ShapedParagraph(text, reusing: ShapingReuse(paragraph: old.paragraph, replaced: replaced, insertedLength: inserted))
                #expect(WordShapesTests.same(reused.glyphs, new.paragraph.glyphs), "\(String(decoding: new.units, as: UTF16.self))")
            }
            // The joiner changes the word's shaping (or the test proves nothing).
            #expect(!WordShapesTests.same(withQs.paragraph.glyphs, joined.paragraph.glyphs))
        }
    }
}
