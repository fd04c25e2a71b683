import Foundation
import Testing
import CHarfBuzz

@testable import Galley

/// Word-by-word shaping through the word cache must give exactly the glyphs of shaping whole paragraphs: ids,
/// advances, offsets, clusters and unsafe-to-break flags, on every corpus line in every bundled text font.
@Suite struct WordShapesTests {
    static let fonts = ["DejaVuSerif.ttf", "DejaVuSans.ttf", "DejaVuSansMono.ttf", "LinLibertine_R.otf", "Karla[wght].ttf",
                        "Inter-roman.var.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSerifDevanagari-Regular.ttf",
                        "NotoNaskhArabic-Regular.ttf", "Amiri-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSerifCJKjp-Regular-Subset.otf",
                        "DroidSansFallbackFull.ttf"]

    @Test(arguments: fonts)
    func wordShapingEqualsParagraphShaping(file: String) throws {
        let font = try TestFonts.font(file)
        let before = WordShapes.shared.statistics.lookups
        var lines = 0
        var styles: [StringAttributes] = []
        var plain = StringAttributes()
        plain.font = font
        styles.append(plain)
        var kerned = plain
        kerned.kern = 0.5  // letter spacing after each cluster, kept in the cache's key
        styles.append(kerned)
        var unligated = plain
        unligated.ligature = 0
        styles.append(unligated)
        for corpus in Corpus.files + ["long words"] {
            for line in try corpus == "long words" ? Self.longWordLines : Corpus.lines(corpus) {
                let units = Array(line.utf16)
                for attributes in styles {
                    let text = AttributedText(units: units, runs: [(0..<units.count, attributes)], defaultFont: font)
                    // Twice with words: the first fills the cache, the second reads from it.
                    let reference = ShapedParagraph(text, shapesWords: false)
                    for _ in 0..<2 {
                        let words = ShapedParagraph(text, shapesWords: true)
                        let same = Self.same(words.glyphs, reference.glyphs)
                        if !same { Self.printDifference(words.glyphs, reference.glyphs) }
                        try #require(same, "\(file) \(corpus): \(line.prefix(40))")
                    }
                }
                lines += 1
            }
        }
        #expect(lines > 500)
        if !Self.spaceInLookups(font, script: HB_SCRIPT_LATIN) {
            // The comparison above went through the word path (it cannot pass vacuously).
            #expect(WordShapes.shared.statistics.lookups > before)
        }
    }

    /// Words longer than a cache key (16 units), each met twice: kept apart by their text (`WordShapes.appendLongWord`).
    static let longWordLines = [
        "apt-get install /usr/share/doc/package/examples/ then /usr/share/doc/package/examples/ again",
        "Donaudampfschifffahrtsgesellschaftskapitän und Donaudampfschifffahrtsgesellschaftskapitän",
        "https://security.debian.org/debian-security https://security.debian.org/debian-security",
        "\u{627}\u{644}\u{645}\u{633}\u{62A}\u{634}\u{641}\u{64A}\u{627}\u{62A}\u{627}\u{644}\u{62C}\u{627}\u{645}\u{639}\u{64A}\u{629}\u{627}\u{644}\u{62C}\u{62F}\u{64A}\u{62F}\u{629} "
            + "\u{627}\u{644}\u{645}\u{633}\u{62A}\u{634}\u{641}\u{64A}\u{627}\u{62A}\u{627}\u{644}\u{62C}\u{627}\u{645}\u{639}\u{64A}\u{629}\u{627}\u{644}\u{62C}\u{62F}\u{64A}\u{62F}\u{629} x",
        String(repeating: "a", count: 300) + " " + String(repeating: "a", count: 300),
    ]

    /// Hindi in Noto Serif Devanagari (the Hindi benchmark's font), Arabic and Urdu in Noto Naskh Arabic (the Arabic
    /// benchmark's) and Hebrew in Noto Sans Hebrew are shaped word by word, through the cache.
    @Test(arguments: [("NotoSerifDevanagari-Regular.ttf", "hi_Deva.txt"), ("NotoNaskhArabic-Regular.ttf", "ar_Arab.txt"),
                      ("NotoNaskhArabic-Regular.ttf", "ur_Arab.txt"), ("NotoSansHebrew-Regular.ttf", "he_Hebr.txt")])
    func scriptTakesTheWordPath(file: String, corpus: String) throws {
        let font = try TestFonts.font(file)
        var attributes = StringAttributes()
        attributes.font = font
        var items = 0
        for line in try Corpus.lines(corpus) {
            let units = Array(line.utf16)
            let paragraph = ShapedParagraph(AttributedText(units: units, runs: [(0..<units.count, attributes)], defaultFont: font))
            // Every item of the font's script (not the digits or Latin among it) has a word setup.
            for item in paragraph.items where item.item.font === font && item.item.script > 1 {
                let setup = WordShapes.shared.setup(for: item.item, script: ScriptRuns.harfBuzzScript(item.item.script), language: nil,
                                                    features: Shaper.features(attributes, font: font), extra: 0)
                #expect(setup != nil, "\(corpus): \(line.prefix(30))")
                items += 1
            }
        }
        #expect(items > 5)
    }

    /// Noto CJK's fonts substitute the space between two Hangul syllables (a GSUB lookup with the space alone as input and
    /// Hangul around it, as HarfBuzz lists the lookup's glyphs): Latin text, none of whose glyphs can become a Hangul
    /// syllable, is still shaped word by word in them — the comparison with whole paragraphs above checks its glyphs in
    /// every corpus — while text with a Hangul syllable among it is shaped whole. Fonts whose space takes part otherwise
    /// (in Amiri a positioning lookup) are not.
    @Test func latinInACJKFontTakesTheWordPath() throws {
        let font = try TestFonts.font("NotoSerifCJKjp-Regular-Subset.otf")
        var attributes = StringAttributes()
        attributes.font = font
        let features = Shaper.features(attributes, font: font)
        #expect(font.harfBuzzFont.spaceTakesPartInLookups(script: HB_SCRIPT_LATIN, language: nil, features: features))
        let contexts = try #require(font.harfBuzzFont.spaceContexts(script: HB_SCRIPT_LATIN, language: nil, features: features))
        let hangul = try #require(font.glyph(forCodePoint: 0xD55C))  // 한
        let letter = try #require(font.glyph(forCodePoint: 0x61))
        #expect(contexts.glyphs.contains(Int(hangul)) && !contexts.glyphs.contains(Int(letter)))
        func clears(_ units: [UInt16]) -> Bool { units.withUnsafeBufferPointer { contexts.clears($0[...], font: font.harfBuzzFont) } }
        func clears(_ text: String) -> Bool { clears(Array(text.utf16)) }
        #expect(clears("Redundant Array of Independent Disks, 1 (2) [3]."))
        #expect(clears("partitions containers\u{FF0C}\u{3000}etc/apt\n"))
        #expect(!clears("a \u{D55C} b"))
        #expect(!clears([0x61, 0xD800]))
        #expect(clears("Hello world"))  // what was found clear stays so

        let before = WordShapes.shared.statistics.lookups
        for line in try Corpus.lines("en_Latn.txt") {
            let units = Array(line.utf16)
            _ = ShapedParagraph(AttributedText(units: units, runs: [(0..<units.count, attributes)], defaultFont: font))
        }
        #expect(WordShapes.shared.statistics.lookups > before + 100)

        let amiri = try TestFonts.font("Amiri-Regular.ttf")
        var amiriAttributes = StringAttributes()
        amiriAttributes.font = amiri
        #expect(amiri.harfBuzzFont.spaceContexts(script: HB_SCRIPT_LATIN, language: nil,
                                                 features: Shaper.features(amiriAttributes, font: amiri)) == nil)
    }

    /// A right-to-left item's edge word takes its joining forms from the text beyond its item (HarfBuzz's context) where
    /// a character there can join it — a letter of the same word in the next attribute run, a tatweel, a joiner — and
    /// is shaped alone, through the cache, where none can (a space, a digit, punctuation, a Latin letter): both ways
    /// give the glyphs of shaping each item whole with the paragraph around it. So do the short items of Latin-script
    /// punctuation set right to left among Arabic, kept whole in the cache.
    @Test func rightToLeftEdgesTakeTheirContextOnlyWhereJoiningReachesThem() throws {
        let font = try TestFonts.font("NotoNaskhArabic-Regular.ttf")
        var plain = StringAttributes()
        plain.font = font
        var underlined = plain
        underlined.underlineStyle = .single
        // Each text is cut into two attribute runs at `cut`: the items meet there.
        let texts: [(text: String, cut: Int)] = [
            ("كتاب جميل", 2), ("كتاب جميل", 7), ("كتابـجميل", 4), ("كتابـجميل", 5), ("كتاب\u{200D}جميل", 4),
            ("كتاب\u{200D}جميل", 5), ("كتاب 123 جميل", 5), ("كتاب، جميل", 4), ("كتابabcجميل", 4), ("كتابabcجميل", 7),
            ("كتاب\u{064E}جميل", 4), ("كتاب\u{064E}جميل", 5),
            // Punctuation after a Latin word takes its script and is set right to left: kept whole, through the cache.
            ("كتاب Linux، جميل (GNU). نعم", 5), ("كتاب Linux، جميل (GNU). نعم", 12),
        ]
        var crossing: [String] = []
        for (text, cut) in texts {
            let units = Array(text.utf16)
            func shaped(_ units: [UInt16], _ runs: [(Range<Int>, StringAttributes)], words: Bool) -> GlyphArrays {
                ShapedParagraph(AttributedText(units: units, runs: runs, defaultFont: font), shapesWords: words).glyphs
            }
            let reference = shaped(units, [(0..<cut, plain), (cut..<units.count, underlined)], words: false)
            for _ in 0..<2 {  // the first fills the cache, the second reads from it
                let words = shaped(units, [(0..<cut, plain), (cut..<units.count, underlined)], words: true)
                let same = Self.same(words, reference)
                if !same { Self.printDifference(words, reference) }
                #expect(same, "\(text) cut at \(cut)")
            }
            // Which cuts joining crosses: the two parts shaped as texts of their own give other glyphs.
            let apart = [Array(units[..<cut]), Array(units[cut...])].flatMap { part in
                let glyphs = shaped(part, [(0..<part.count, plain)], words: false)
                return (0..<glyphs.count).map { glyphs.glyph($0) }
            }
            if apart.sorted() != (0..<reference.count).map({ reference.glyph($0) }).sorted() { crossing.append("\(text)@\(cut)") }
        }
        #expect(crossing.count >= 5, "the texts include cuts that joining crosses: \(crossing)")
    }

    /// A paragraph's end never goes to HarfBuzz (it takes the blank, as every control does), so the paragraph's last
    /// word is shaped, and looked up in the cache, as the same word anywhere else: word by word gives whole shaping's
    /// glyphs in Latin, Arabic and CJK fonts, and the end is a segment of its own.
    @Test(arguments: ["DejaVuSerif.ttf", "NotoNaskhArabic-Regular.ttf", "NotoSerifCJKjp-Regular-Subset.otf"])
    func paragraphEndsAreNotShaped(file: String) throws {
        let font = try TestFonts.font(file)
        var attributes = StringAttributes()
        attributes.font = font
        for text in ["Hello world, once again.\n", "كتاب جميل جدا.\n", "日本語の文章です。\n", "Hello\u{2028}world\u{2029}",
                     "tab\tbed\r\n", "كتاب\u{2029}"] {
            let units = Array(text.utf16)
            let attributed = AttributedText(units: units, runs: [(0..<units.count, attributes)], defaultFont: font)
            let reference = ShapedParagraph(attributed, shapesWords: false)
            for _ in 0..<2 {  // the first fills the cache, the second reads from it
                let words = ShapedParagraph(attributed, shapesWords: true)
                let same = Self.same(words.glyphs, reference.glyphs)
                if !same { Self.printDifference(words.glyphs, reference.glyphs) }
                #expect(same, "\(file): \(text.debugDescription)")
            }
        }
        func segments(_ text: String) -> [String] {
            let units = Array(text.utf16)
            var result: [String] = []
            var start = 0
            while start < units.count {
                let segment = Shaper.wordSegment(from: start, in: 0..<units.count, units: units)
                result.append(String(decoding: units[segment], as: UTF16.self))
                start = segment.upperBound
            }
            return result
        }
        // Right to left, the end's blanks come in visual order too: a CR LF's LF first, the item's clusters monotonic.
        let arabic = try TestFonts.font("NotoNaskhArabic-Regular.ttf")
        var arabicAttributes = StringAttributes()
        arabicAttributes.font = arabic
        let rightToLeft = Array("كتاب جميل\r\n".utf16)
        for words in [false, true] {
            let paragraph = ShapedParagraph(AttributedText(units: rightToLeft, runs: [(0..<rightToLeft.count, arabicAttributes)], defaultFont: arabic),
                                            shapesWords: words)
            let monotonic = paragraph.items.allSatisfy { $0.clustersAreMonotonic }
            #expect(monotonic, "words: \(words)")
            #expect(paragraph.glyphs.stringIndex(0) == rightToLeft.count - 1, "words: \(words)")
        }
        #expect(segments("once again.\n") == ["once", " ", "again.", "\n"])
        #expect(segments("again.\r\n") == ["again.", "\r\n"])
        #expect(segments("end \u{2029}") == ["end", " ", "\u{2029}"])
        #expect(segments("a\u{2028}b") == ["a\u{2028}b"])
    }

    /// Whether the lookups HarfBuzz applies to `script` with a font's default features reach the space glyph (then
    /// words are shaped whole).
    static func spaceInLookups(_ font: Font, script: hb_script_t) -> Bool {
        var attributes = StringAttributes()
        attributes.font = font
        return font.harfBuzzFont.spaceTakesPartInLookups(script: script, language: nil, features: Shaper.features(attributes, font: font))
    }

    /// Which fonts' lookups reach the space glyph is asked of HarfBuzz's shape plan for the text's script: DejaVu
    /// Serif's (the corpus benchmark's font) do not in Latin, nor Noto Serif Devanagari's (the Hindi benchmark's) in
    /// Devanagari, so both take the word path; Noto Sans Devanagari's 'dist' lookup has the space in its context, so
    /// its Devanagari is shaped whole.
    @Test func spaceInLookupsIsFoundByHarfBuzz() throws {
        #expect(try !Self.spaceInLookups(TestFonts.font("DejaVuSerif.ttf"), script: HB_SCRIPT_LATIN))
        #expect(try !Self.spaceInLookups(TestFonts.font("NotoSerifDevanagari-Regular.ttf"), script: HB_SCRIPT_DEVANAGARI))
        #expect(try Self.spaceInLookups(TestFonts.font("NotoSansDevanagari-Regular.ttf"), script: HB_SCRIPT_DEVANAGARI))
        let flags = try Self.fonts.map { try Self.spaceInLookups(TestFonts.font($0), script: HB_SCRIPT_LATIN) }
        print("fonts whose Latin lookups involve the space glyph: \(zip(Self.fonts, flags).filter(\.1).map(\.0))")
    }

    static func same(_ a: GlyphArrays, _ b: GlyphArrays) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count {
            guard a.glyph(index) == b.glyph(index), a.advance(index) == b.advance(index), a.offset(index) == b.offset(index),
                a.stringIndex(index) == b.stringIndex(index), a.isUnsafeToBreak(index) == b.isUnsafeToBreak(index)
            else { return false }
        }
        return true
    }

    static func printDifference(_ a: GlyphArrays, _ b: GlyphArrays) {
        print("counts \(a.count) \(b.count)")
        for index in 0..<min(a.count, b.count) {
            if a.glyph(index) != b.glyph(index) || a.advance(index) != b.advance(index) || a.offset(index) != b.offset(index)
                || a.stringIndex(index) != b.stringIndex(index) || a.isUnsafeToBreak(index) != b.isUnsafeToBreak(index) {
                print("at \(index): \(a.glyph(index)) \(a.advance(index)) \(a.offset(index)) \(a.stringIndex(index)) \(a.isUnsafeToBreak(index)) vs \(b.glyph(index)) \(b.advance(index)) \(b.offset(index)) \(b.stringIndex(index)) \(b.isUnsafeToBreak(index))")
                return
            }
        }
    }
}
