import Foundation
import Testing

@testable import Galley

/// Word-by-word shaping through the word cache must give exactly the glyphs of shaping whole paragraphs: ids,
/// advances, offsets, clusters and unsafe-to-break flags, on every corpus line in every bundled text font.
@Suite struct WordShapesTests {
    static let fonts = ["DejaVuSerif.ttf", "DejaVuSans.ttf", "DejaVuSansMono.ttf", "LinLibertine_R.otf", "Karla[wght].ttf",
                        "Inter-roman.var.ttf"]

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
        for corpus in Corpus.files {
            for line in try Corpus.lines(corpus) {
                let units = Array(line.utf16)
                for attributes in styles {
                    let text = AttributedText(units: units, runs: [(0..<units.count, attributes)], defaultFont: font)
                    // Twice with words: the first fills the cache, the second reads from it.
                    let reference = ShapedParagraph(text, shapesWords: false)
                    for _ in 0..<2 {
                        let words = ShapedParagraph(text, shapesWords: true)
                        let same = Self.same(words.glyphs, reference.glyphs)
                        try #require(same, "\(file) \(corpus): \(line.prefix(40))")
                    }
                }
                lines += 1
            }
        }
        #expect(lines > 500)
        if !font.face.spaceTakesPartInLookups {
            // The comparison above went through the word path (it cannot pass vacuously).
            #expect(WordShapes.shared.statistics.lookups > before)
        }
    }

    /// Fonts whose lookups reach the space glyph are shaped whole; DejaVu's are not, so the corpus benchmark's font
    /// takes the word path.
    @Test func spaceInLookupsIsFoundByHarfBuzz() throws {
        #expect(try !TestFonts.font("DejaVuSerif.ttf").face.spaceTakesPartInLookups)
        let flags = try Self.fonts.map { try TestFonts.font($0).face.spaceTakesPartInLookups }
        print("fonts whose lookups involve the space glyph: \(zip(Self.fonts, flags).filter(\.1).map(\.0))")
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
}
