import Foundation
import Testing

@testable import Galley

/// Fallback asks fontconfig once per (font, language) for candidates and once per code point for a face — never
/// once per paragraph: laying out all of a few corpus texts costs the same candidate queries as their first lines.
@Suite struct FallbackQueryTests {
    @Test func queriesGrowWithScriptsNotParagraphs() throws {
        // A catalog of its own, so that other tests' lookups do not count.
        let catalog = try FontCatalog(configurationFile: TestFonts.configurationFile)
        let font = try Font(url: TestFonts.url("DejaVuSerif.ttf"), size: 12, catalog: catalog)
        var perScript: [[String]] = []
        for file in ["ar_Arab.txt", "zh_Hans.txt", "hi_Deva.txt", "he_Hebr.txt"] { perScript.append(Array(try Corpus.lines(file).prefix(25))) }
        let paragraphs = perScript.flatMap { $0 }
        #expect(paragraphs.count > 40)
        func layOut(_ texts: [String]) -> (candidates: Int, answers: Int) {
            for text in texts {
                let typesetter = Typesetter(attributedString: NSAttributedString(string: text, attributes: [.font: font]))
                var start = 0
                while start < typesetter.length { start += typesetter.suggestLineBreak(startingAt: start, width: 300) }
            }
            return catalog.fallbackCache.queryCounts
        }
        // The first three paragraphs of each script, then all of them: the candidate lists are asked for once per
        // script's language (here none: one list for the font), and faces only for code points not seen before.
        let few = layOut(perScript.flatMap { $0.prefix(3) })
        let all = layOut(paragraphs)
        #expect(few.candidates >= 1 && few.candidates <= 4, "\(few.candidates) candidate lists for four scripts")
        #expect(few.answers > 0, "no fallback happened: the test would prove nothing")
        #expect(all.candidates == few.candidates, "more paragraphs asked for more candidate lists")
        let distinct = Set(paragraphs.joined().unicodeScalars.map(\.value)).count
        #expect(all.answers <= distinct, "\(all.answers) face queries for \(distinct) distinct code points")
        // Laying the same text out again asks nothing.
        let again = layOut(paragraphs)
        #expect(again == all)
    }
}
